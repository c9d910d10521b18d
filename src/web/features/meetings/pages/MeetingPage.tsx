import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { TOAST_MS } from '../../../../shared/constants';
import type { MeetingDetail } from '../../../../shared/meetings';
import { paths } from '../../../lib/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCreateMeeting } from '../api/create-meeting';
import { useMeeting } from '../api/get-meeting';
import { jitsiOptions, loadJitsiApi } from '../jitsi';
import { usePageTitle } from '../../../lib/page-title';

/** The meeting page's messages (spec section 8, in French). */
const text = {
  invalid: "Informations de réunion ou d'utilisateur invalides",
  createFailed: 'Échec de la création de la réunion. Veuillez réessayer.',
  loadFailed: "Échec du chargement des détails de l'utilisateur. Veuillez réessayer.",
  loading: 'Chargement de Jitsi Meet... Si la réunion ne démarre pas, vérifiez votre connexion ou essayez un autre navigateur.',
  scriptFailed: "Impossible de charger Jitsi Meet. Vérifiez votre connexion ou essayez un autre navigateur.",
};

const idPattern = /^\d{1,10}$/;

function parseId(value: string | undefined): number | null {
  return value && idPattern.test(value) && Number(value) > 0 ? Number(value) : null;
}

function BackButton() {
  return (
    <Button component={RouterLink} to={paths.adminDashboard} startIcon={<ArrowBackIcon />} variant="outlined">
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
 * The video meeting with a user (spec: 'Admin meeting page'). Without a meeting id, opens one
 * now and moves to its full address, so a reload rejoins the same room instead of creating another.
 */
export default function MeetingPage() {
  const params = useParams();
  const navigate = useNavigate();
  const userId = parseId(params.userId);
  const meetingId = params.meetingId === undefined ? undefined : parseId(params.meetingId);
  const admin = useSession((s) => s.user);
  const { mutateAsync: createMeetingNow } = useCreateMeeting();
  const meeting = useMeeting(userId !== null && typeof meetingId === 'number' ? meetingId : null);
  const [createFailed, setCreateFailed] = useState<'invalid' | 'failed' | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // StrictMode runs effects twice in development: one meeting per visit, not two.
  const createdFor = useRef<number | null>(null);

  const start = useCallback(
    (id: number) => {
      createdFor.current = id;
      setCreateFailed(null);
      createMeetingNow(id)
        .then((created) => navigate(paths.adminMeeting(id, created.meeting_id), { replace: true }))
        .catch((error: unknown) => {
          setCreateFailed(error instanceof ApiError && (error.status === 404 || error.status === 422) ? 'invalid' : 'failed');
        });
    },
    [createMeetingNow, navigate],
  );

  useEffect(() => {
    if (userId !== null && meetingId === undefined && createdFor.current !== userId) start(userId);
  }, [userId, meetingId, start]);

  const detail = meeting.data;
  const name = detail ? `${detail.user.firstname} ${detail.user.lastname}` : '';

  usePageTitle(name ? `Réunion avec ${name}` : 'Réunion');

  const invalid =
    userId === null ||
    meetingId === null ||
    createFailed === 'invalid' ||
    (meeting.error instanceof ApiError && (meeting.error.status === 404 || meeting.error.status === 422)) ||
    (detail !== undefined && detail.user.id !== userId);
  if (invalid) return <Invalid />;

  if (meetingId === undefined) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        {createFailed === 'failed' ? (
          <>
            <Alert severity="error" sx={{ mb: 3 }}>
              {text.createFailed}
            </Alert>
            <Stack direction="row" spacing={2}>
              <Button variant="contained" onClick={() => start(userId)}>
                Réessayer
              </Button>
              <BackButton />
            </Stack>
          </>
        ) : (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Création de la réunion...</Typography>
          </Stack>
        )}
      </Container>
    );
  }

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
          <Typography>Chargement de la réunion...</Typography>
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
