import ArrowBackIcon from '../../../components/icons/ArrowBack';
import ContentCopyIcon from '../../../components/icons/ContentCopy';
import EventIcon from '../../../components/icons/Event';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { TOAST_MS } from '../../../../shared/constants';
import type { MeetingDetail } from '../../../../shared/meetings';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../../shared/french-format';
import { useSession } from '../../../lib/session';
import { useMeeting } from '../api/get-meeting';
import { useUserMeeting } from '../api/get-user-meeting';
import { useScheduleMeeting } from '../api/schedule-meeting';
import { ScheduleMeetingDialog } from '../components/ScheduleMeetingDialog';
import { jitsiOptions, loadJitsiApi } from '../jitsi';
import { usePageTitle } from '../../../lib/page-title';

/** The meeting page's messages (spec section 8, in French). */
const text = {
  invalid: "Informations de réunion ou d'utilisateur invalides",
  scheduleFailed: 'Échec de la planification de la réunion. Veuillez réessayer.',
  noMeeting: (name: string) => `Aucune réunion n'est programmée avec ${name}. Planifiez-la pour obtenir le lien à partager.`,
  loadFailed: "Échec du chargement des détails de l'utilisateur. Veuillez réessayer.",
  loading: 'Chargement de Jitsi Meet… Si la réunion ne démarre pas, vérifiez votre connexion ou essayez un autre navigateur.',
  scriptFailed: "Impossible de charger Jitsi Meet. Vérifiez votre connexion ou essayez un autre navigateur.",
};

const idPattern = /^\d{1,10}$/;

function parseId(value: string | undefined): number | null {
  return value && idPattern.test(value) && Number(value) > 0 ? Number(value) : null;
}

function BackButton() {
  return (
    <Button component={RouterLink} to={webPaths.adminDashboard} startIcon={<ArrowBackIcon />} variant="outlined">
      Retour au tableau de bord
    </Button>
  );
}

function Invalid() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Alert severity="error" sx={{ mb: 3 }}>
        <Typography component="h1" sx={{ fontWeight: 600 }}>
          {text.invalid}
        </Typography>
      </Alert>
      <BackButton />
    </Container>
  );
}

/** The Jitsi Meet room, embedded from JITSI_DOMAIN, disposed when the page closes. */
function JitsiRoom({ meeting, displayName }: { meeting: MeetingDetail; displayName: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const parentNode = containerRef.current;
    if (!parentNode) return;
    let cancelled = false;
    let api: { dispose(): void } | null = null;
    setState('loading');
    loadJitsiApi(meeting.jitsi_domain)
      .then((JitsiMeetExternalAPI) => {
        if (cancelled) return;
        api = new JitsiMeetExternalAPI(meeting.jitsi_domain, jitsiOptions(meeting.room_name, parentNode, displayName));
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      api?.dispose();
    };
  }, [meeting.jitsi_domain, meeting.room_name, displayName, attempt]);

  return (
    <Box>
      {state === 'loading' && (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 3 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{text.loading}</Typography>
        </Stack>
      )}
      {state === 'failed' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Réessayer
            </Button>
          }
        >
          {text.scriptFailed}
        </Alert>
      )}
      <Box ref={containerRef} data-testid="jitsi-container" sx={{ minHeight: state === 'ready' ? 600 : 0, borderRadius: 2, overflow: 'hidden' }} />
    </Box>
  );
}

/**
 * The page behind `/admin/meeting/{userId}`: joins the user's interview that is not over, and
 * never creates one by itself. With none, it says so and offers the explicit, confirmed scheduling.
 */
function JoinCurrentMeeting({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const current = useUserMeeting(userId);
  const schedule = useScheduleMeeting();
  const [scheduling, setScheduling] = useState(false);
  const [scheduleFailed, setScheduleFailed] = useState<string | null>(null);
  const meetingId = current.data?.meeting?.id;
  const user = current.data?.user;
  const name = user ? `${user.firstname} ${user.lastname}` : '';

  usePageTitle(name ? `Réunion avec ${name}` : 'Réunion');

  // Reading only: the interview's full address, so a reload rejoins the same room.
  useEffect(() => {
    if (meetingId !== undefined) navigate(webPaths.adminMeeting(userId, meetingId), { replace: true });
  }, [meetingId, userId, navigate]);

  if (current.error instanceof ApiError && (current.error.status === 404 || current.error.status === 422)) return <Invalid />;
  if (current.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Alert severity="error" sx={{ mb: 3 }}>
          {text.loadFailed}
        </Alert>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => current.refetch()}>
            Réessayer
          </Button>
          <BackButton />
        </Stack>
      </Container>
    );
  }
  if (!user || meetingId !== undefined) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Chargement de la réunion…</Typography>
        </Stack>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Box sx={{ mb: 2 }}>
        <BackButton />
      </Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Réunion avec {name}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {text.noMeeting(name)}
      </Alert>
      {scheduleFailed && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {scheduleFailed}
        </Alert>
      )}
      <Button variant="contained" startIcon={<EventIcon />} onClick={() => setScheduling(true)}>
        Planifier une réunion
      </Button>
      <ScheduleMeetingDialog
        open={scheduling}
        name={name}
        pending={schedule.isPending}
        onClose={() => setScheduling(false)}
        onSchedule={async (meetingDate) => {
          setScheduleFailed(null);
          try {
            const scheduled = await schedule.mutateAsync({ id: userId, meetingDate });
            setScheduling(false);
            navigate(webPaths.adminMeeting(userId, scheduled.meeting_id), { replace: true });
          } catch (error) {
            setScheduling(false);
            setScheduleFailed(error instanceof ApiError && error.status === 422 ? error.message : text.scheduleFailed);
          }
        }}
      />
    </Container>
  );
}

/** The video meeting with a user (spec: 'Admin meeting page'), at its full address. */
export default function MeetingPage() {
  const params = useParams();
  const userId = parseId(params.userId);
  const meetingId = params.meetingId === undefined ? undefined : parseId(params.meetingId);
  if (userId === null || meetingId === null) return <Invalid />;
  if (meetingId === undefined) return <JoinCurrentMeeting userId={userId} />;
  return <MeetingRoom userId={userId} meetingId={meetingId} />;
}

function MeetingRoom({ userId, meetingId }: { userId: number; meetingId: number }) {
  const admin = useSession((s) => s.user);
  const meeting = useMeeting(meetingId);
  const [copied, setCopied] = useState<string | null>(null);

  const detail = meeting.data;
  const name = detail ? `${detail.user.firstname} ${detail.user.lastname}` : '';

  usePageTitle(name ? `Réunion avec ${name}` : 'Réunion');

  const invalid =
    (meeting.error instanceof ApiError && (meeting.error.status === 404 || meeting.error.status === 422)) || (detail !== undefined && detail.user.id !== userId);
  if (invalid) return <Invalid />;

  const copy = async () => {
    if (!detail) return;
    try {
      await navigator.clipboard.writeText(detail.url);
      setCopied('Lien copié dans le presse-papiers.');
    } catch {
      setCopied('Copie impossible : sélectionnez le lien et copiez-le.');
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: 2 }}>
        <BackButton />
      </Box>
      {meeting.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => meeting.refetch()}>
              Réessayer
            </Button>
          }
        >
          {text.loadFailed}
        </Alert>
      )}
      {meeting.isPending && (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Chargement de la réunion…</Typography>
        </Stack>
      )}
      {detail && (
        <Stack spacing={3}>
          <Box>
            <Typography variant="h4" component="h1">
              Réunion avec {name}
            </Typography>
            <Typography color="text.secondary">Prévue le {formatDateTime(detail.meeting_date)}</Typography>
          </Box>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ mb: 1 }}>
              Partagez ce lien avec {name} ({detail.user.email}) pour qu'il ou elle rejoigne la réunion :
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Box
                component="output"
                aria-label="Lien de la réunion"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', px: 1.5, py: 1, bgcolor: 'background.default', borderRadius: 1, border: 1, borderColor: 'divider', flex: 1 }}
              >
                {detail.url}
              </Box>
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
                Copier le lien
              </Button>
            </Stack>
          </Paper>
          <JitsiRoom meeting={detail} displayName={admin ? `${admin.firstname} ${admin.lastname}`.trim() : 'Administrateur'} />
        </Stack>
      )}
      <Snackbar open={copied !== null} autoHideDuration={TOAST_MS} onClose={() => setCopied(null)} message={copied} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />
    </Container>
  );
}
