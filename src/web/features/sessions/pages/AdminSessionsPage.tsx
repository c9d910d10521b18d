import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../../shared/french-format';
import { sessionModalityLabels } from '../../../../shared/live-sessions';
import { webPaths } from '../../../../shared/web-paths';
import { Pager } from '../../../components/Pager';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { downloadSheet } from '../api/attendance-sheet';
import { useAdminSessions } from '../api/get-admin-sessions';
import { slotTimes } from '../components/slot-times';

/** /admin/sessions: every live session with its sign-in sheets, day by day. */
export default function AdminSessionsPage() {
  usePageTitle('Sessions en direct');
  const [page, setPage] = useState(1);
  const sessions = useAdminSessions(page);
  const data = useFirstArrival(sessions.data);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Sessions en direct
      </Typography>
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
      {!data ? (
        <QueryStatus query={sessions} loadingLabel="Chargement des sessions" errorMessage="Impossible de charger les sessions." />
      ) : data.items.length === 0 ? (
        <Typography>Aucune session planifiée.</Typography>
      ) : (
        <>
          <Stack spacing={2}>
            {data.items.map((session) => (
              <Paper key={session.id} component="article" variant="outlined" sx={{ p: 2.5 }}>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
                  {session.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {session.course_title} · {sessionModalityLabels[session.modality]} · {session.trainer_name} · {session.registered_count} / {session.capacity} inscrits · {session.signed_count} signature(s)
                </Typography>
                <Stack component="ul" spacing={0.5} sx={{ pl: 2, my: 1 }}>
                  {session.slots.map((slot) => (
                    <li key={slot.id}>
                      <Link component={RouterLink} underline="always" to={webPaths.slotSheet(slot.id)}>
                        Feuille du créneau {slotTimes(slot)}
                      </Link>
                    </li>
                  ))}
                </Stack>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {session.days.map((day) => (
                    <Button key={day} variant="outlined" size="small" onClick={() => downloadSheet(session.id, day).catch((e: Error) => setDownloadError(e.message))}>
                      Feuille d’émargement du {formatDay(`${day}T12:00:00Z`)} (PDF)
                    </Button>
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
          <Pager label="Pages des sessions" info={data} page={page} onChange={setPage} mt={3} />
        </>
      )}
    </Container>
  );
}
