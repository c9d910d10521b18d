import ArrowBackIcon from '../../../components/icons/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { parseCourseId } from '../../../../shared/courses';
import { formatDay } from '../../../../shared/french-format';
import { sessionModalityLabels, type LiveSession } from '../../../../shared/live-sessions';
import { webPaths } from '../../../../shared/web-paths';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { downloadSheet } from '../api/attendance-sheet';
import { useCourseSessions } from '../api/get-course-sessions';
import { useDeleteSession } from '../api/save-session';
import { SessionForm } from '../components/SessionForm';
import { slotTimes } from '../components/slot-times';

/** The Paris days of a session's slots, 'YYYY-MM-DD', for the day-by-day sheets. */
function sessionDays(session: Pick<LiveSession, 'slots'>): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
  return [...new Set(session.slots.map((s) => day.format(new Date(s.starts_at))))];
}

/** /formateur/courses/{id}/sessions: the trainer's planner, from the content editor. */
export default function CourseSessionsPage() {
  usePageTitle('Sessions en direct');
  const { id: rawId } = useParams();
  const id = parseCourseId(rawId ?? '');
  if (id === null) return <Alert severity="error">Cours introuvable.</Alert>;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Button component={RouterLink} to={webPaths.courseContent(id)} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Contenu du cours
      </Button>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Sessions en direct
      </Typography>
      <SessionForm courseId={id} onSaved={() => undefined} />
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 2 }}>
        Sessions planifiées
      </Typography>
      <PlannedSessions courseId={id} />
    </Container>
  );
}

/**
 * The course's sessions, with their sheets and cancellation. Its own component, so that the list's answer
 * re-renders the list alone, not the form above it.
 */
function PlannedSessions({ courseId }: { courseId: number }) {
  const sessions = useCourseSessions(courseId);
  const data = useFirstArrival(sessions.data);
  const remove = useDeleteSession(courseId);
  const [deleting, setDeleting] = useState<LiveSession | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <>
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
      {!data ? (
        <QueryStatus query={sessions} loadingLabel="Chargement des sessions" errorMessage="Impossible de charger les sessions de ce cours." />
      ) : data.items.length === 0 ? (
        <Typography>Aucune session planifiée pour ce cours.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.items.map((session) => (
            <Paper key={session.id} component="article" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
              <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18 }}>
                {session.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {sessionModalityLabels[session.modality]}
                {session.address ? ` · ${session.address}` : ''} · {session.registered_count} / {session.capacity} inscrits
              </Typography>
              <Stack component="ul" spacing={0.5} sx={{ pl: 2, my: 1 }}>
                {session.slots.map((slot) => (
                  <li key={slot.id}>
                    <Link component={RouterLink} underline="always" to={webPaths.slotSheet(slot.id)}>
                      Feuille du créneau {slotTimes(slot)}
                    </Link>
                    {slot.countersigned_at ? ' · contresigné' : ''}
                  </li>
                ))}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                {sessionDays(session).map((day) => (
                  <Button key={day} variant="outlined" size="small" onClick={() => downloadSheet(session.id, day).catch((e: Error) => setDownloadError(e.message))}>
                    Télécharger la feuille du {formatDay(`${day}T12:00:00Z`)}
                  </Button>
                ))}
                <Button color="error" size="small" onClick={() => setDeleting(session)}>
                  Annuler la session
                </Button>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Annuler la session « ${deleting?.title ?? ''} » ?`}
        confirmLabel="Annuler la session"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        Les inscrits reçoivent l’annulation, qui retire la session de leur agenda.
      </ConfirmDialog>
    </>
  );
}
