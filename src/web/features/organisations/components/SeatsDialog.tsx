import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { SEATS_MAX, organisationMessages, type AdminOrganisation } from '../../../../shared/organisations';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCourseSearch } from '../api/search-courses';
import { useSetSeats } from '../api/set-seats';
import { plural } from '../../../../shared/french-format';

/** An administrator sets how many members an organisation may enrol in each course (never below what it used). */
export function SeatsDialog({ organisation, name, onClose }: { organisation: AdminOrganisation; name: string; onClose: () => void }) {
  const titleId = useId();
  const save = useSetSeats();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const found = useCourseSearch(query);
  const [courseId, setCourseId] = useState('');
  const [seats, setSeats] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function edit(pool: AdminOrganisation['seats'][number]) {
    setSearch(pool.course_title);
    setCourseId(String(pool.course_id));
    setSeats(String(pool.seats));
    setSaved(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const n = Number(seats);
    if (!courseId) return setError('Choisissez une formation.');
    if (seats.trim() === '' || !Number.isInteger(n) || n < 0 || n > SEATS_MAX) return setError(organisationMessages.seatsInvalid);
    setError(null);
    try {
      const pool = await save.mutateAsync({ organisationId: organisation.id, course_id: Number(courseId), seats: n });
      setSaved(`${plural(pool.seats, 'place')} pour « ${pool.course_title} » (${plural(pool.used, 'utilisée')}).`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : organisationMessages.seatsInvalid);
    }
  }

  // The chosen course stays in the list while another search runs.
  const options = found.data?.items ?? [];
  const chosen = organisation.seats.find((p) => String(p.course_id) === courseId);
  const withChosen = chosen && !options.some((c) => String(c.id) === courseId) ? [{ id: chosen.course_id, title: chosen.course_title }, ...options] : options;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Places de {name}</DialogTitle>
      <DialogContent>
        {organisation.seats.length === 0 ? (
          <Typography sx={{ mb: 2 }}>Aucune place attribuée pour le moment.</Typography>
        ) : (
          <Table size="small" sx={{ mb: 3 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>Places attribuées par formation</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Formation</TableCell>
                <TableCell scope="col">Places</TableCell>
                <TableCell scope="col">Utilisées</TableCell>
                <TableCell scope="col">
                  <span style={visuallyHidden}>Actions</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {organisation.seats.map((pool) => (
                <TableRow key={pool.course_id}>
                  <TableCell>{pool.course_title}</TableCell>
                  <TableCell>{pool.seats}</TableCell>
                  <TableCell>{pool.used}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => edit(pool)} aria-label={`Modifier les places pour ${pool.course_title}`}>
                      Modifier
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}

        <Box component="form" id={`${titleId}-form`} noValidate onSubmit={(event) => void submit(event)} aria-label="Attribuer des places">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
            Attribuer des places
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {saved && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {saved}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField label="Rechercher une formation publiée" value={search} onChange={(event) => setSearch(event.target.value)} />
            <TextField
              select
              label="Formation"
              value={courseId}
              onChange={(event) => setCourseId(event.target.value)}
              required
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{found.isFetching ? 'Recherche…' : `Choisissez parmi ${plural(withChosen.length, 'formation')}`}</option>
              {withChosen.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </TextField>
            <TextField
              label="Nombre de places"
              type="number"
              value={seats}
              onChange={(event) => setSeats(event.target.value)}
              required
              slotProps={{ htmlInput: { min: 0, max: SEATS_MAX, step: 1, inputMode: 'numeric' } }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={save.isPending}>
          Enregistrer les places
        </Button>
      </DialogActions>
    </Dialog>
  );
}
