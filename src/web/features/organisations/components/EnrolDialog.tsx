import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { EnrolResult } from '../../../../shared/organisations';
import { useEnrolMembers } from '../api/enrol-members';
import { useOrganisationCourses } from '../api/get-organisation-courses';
import { plural } from '../../../../shared/french-format';
import { Link as RouterLink } from 'react-router';
import { quoteMessages } from '../../../../shared/quotes';
import { webPaths } from '../../../../shared/web-paths';

const seatsLeft = (seats: number, used: number) => {
  const left = seats - used;
  return left === 0 ? 'aucune place restante' : plural(left, 'place restante', 'places restantes');
};

/** Enrols the chosen members into one course the organisation has seats for; the server refuses beyond the pool. */
export function EnrolDialog({ open, memberIds, onClose, onDone }: { open: boolean; memberIds: number[]; onClose: () => void; onDone: (result: EnrolResult) => void }) {
  const titleId = useId();
  const courses = useOrganisationCourses();
  const enrol = useEnrolMembers();
  const [courseId, setCourseId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const n = memberIds.length;

  async function submit() {
    if (!courseId) {
      setError('Choisissez une formation.');
      return;
    }
    setError(null);
    try {
      onDone(await enrol.mutateAsync({ course_id: Number(courseId), member_ids: memberIds }));
      setCourseId('');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Inscription impossible.');
    }
  }

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{n === 1 ? 'Inscrire 1 membre à une formation' : `Inscrire ${n} membres à une formation`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Chaque membre que votre organisation inscrit pour la première fois à une formation utilise une place. Les places s’obtiennent par un devis accepté.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {courses.data && courses.data.length === 0 && (
          <Alert
            severity="info"
            action={
              <Button component={RouterLink} to={webPaths.organisationQuotes} size="small">
                Demander un devis
              </Button>
            }
          >
            {quoteMessages.noSeatsHint}
          </Alert>
        )}
        {courses.isError && <Alert severity="error">{courses.error.message}</Alert>}
        {courses.data && courses.data.length > 0 && (
          <TextField
            select
            label="Formation"
            value={courseId}
            onChange={(event) => setCourseId(event.target.value)}
            fullWidth
            required
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choisissez une formation</option>
            {courses.data.map((course) => (
              <option key={course.id} value={course.id}>
                {`${course.title} (${seatsLeft(course.seats, course.used)} sur ${course.seats})`}
              </option>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Annuler</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={enrol.isPending || !courses.data?.length}>
          Inscrire
        </Button>
      </DialogActions>
    </Dialog>
  );
}
