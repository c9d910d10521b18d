import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../../shared/french-format';
import { sessionModalityLabels } from '../../../../shared/live-sessions';
import { webPaths } from '../../../../shared/web-paths';
import { useCourseSessions } from '../api/get-course-sessions';
import { useRegisterForSession } from '../api/register';

/** The course's live sessions in the player's outline, at their date: register, then the room while it is open. */
export function CourseSessionsOutline({ courseId }: { courseId: number }) {
  const sessions = useCourseSessions(courseId);
  const register = useRegisterForSession();
  if (!sessions.data || sessions.data.items.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="sessions-du-cours" spacing={1.5} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="sessions-du-cours" component="h2" sx={{ fontWeight: 700 }}>
        Sessions en direct
      </Typography>
      {sessions.data.items.map((session) => {
        const full = session.registered_count >= session.capacity;
        const started = new Date(session.starts_at).getTime() <= Date.now();
        return (
          <Stack key={session.id} spacing={0.5}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {session.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(session.starts_at)} · {sessionModalityLabels[session.modality]}
            </Typography>
            {session.room_url ? (
              <Button variant="contained" size="small" href={session.room_url} target="_blank" rel="noopener noreferrer">
                Rejoindre la salle virtuelle
              </Button>
            ) : session.registered ? (
              <Link component={RouterLink} to={webPaths.mySessions} variant="body2" underline="always">
                Inscrit : voir mes sessions
              </Link>
            ) : !started && !full ? (
              <Button variant="outlined" size="small" disabled={register.isPending} onClick={() => register.mutate({ sessionId: session.id })} aria-label={`S’inscrire à la session ${session.title}`}>
                S’inscrire
              </Button>
            ) : (
              <Typography variant="body2">{full ? 'Complet' : 'Inscriptions closes'}</Typography>
            )}
          </Stack>
        );
      })}
      {register.isError && (
        <Alert severity="error" role="alert">
          {register.error.message}
        </Alert>
      )}
    </Stack>
  );
}
