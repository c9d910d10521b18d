import CheckCircleIcon from '../../../components/icons/CheckCircle';
import HourglassTopIcon from '../../../components/icons/HourglassTop';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router';
import { CONTACT, USUAL_RESPONSE_DELAY, WAITING_PROGRESS_NO_MEETING, WAITING_PROGRESS_WITH_MEETING } from '../../../../shared/constants';
import type { TrainerStatus } from '../../../../shared/trainers';
import { InterviewCard } from '../../../components/InterviewCard';
import { webPaths } from '../../../../shared/web-paths';
import { useSession, type SessionUser } from '../../../lib/session';
import { useTrainerStatus } from '../api/get-trainer-status';
import { NotATrainer } from '../components/NotATrainer';
import { usePageTitle } from '../../../lib/page-title';

const TITLE = "Compte en attente d'approbation";
/** The waiting trainer sees a new interview appear without reloading. */
const STATUS_REFRESH_MS = 60_000;
const STATUS_ERROR_MESSAGE = 'Impossible de vérifier le statut de votre entretien. Veuillez réessayer plus tard.';

const steps = ['Compte créé', "Planification de l'entretien", "Entretien avec l'administrateur", 'Approbation finale'];

/** Spec section 2 'Waiting page', plus what a refused, approved or CV-less trainer needs to know. */
export default function WaitingApprovalPage() {
  const user = useSession((state) => state.user);
  usePageTitle(TITLE);
  if (!user) return null;
  if (user.role !== 'formateur') return <NotATrainer role={user.role} title={TITLE} />;
  return <TrainerWaiting user={user} />;
}

function TrainerWaiting({ user }: { user: SessionUser }) {
  const status = useTrainerStatus(user.id, { refetchInterval: STATUS_REFRESH_MS });
  const { refetch } = status;
  // The server gives the room's address once it opens: the card asks for it then.
  const refetchStatus = useCallback(() => void refetch(), [refetch]);

  if (status.isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 8, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Chargement de votre statut" />
      </Container>
    );
  }
  // A failed refresh keeps showing the last known status; only a first failure has nothing to show.
  const data = status.data;
  if (data?.state === 'approved') return <Approved user={user} />;
  if (data?.state === 'refused') return <Refused user={user} reason={data.rejectionReason} />;
  return <Pending user={user} status={data ?? null} failed={status.isError} onRoomOpen={refetchStatus} />;
}

function Greeting({ user }: { user: SessionUser }) {
  return (
    <Typography variant="h6" component="p" sx={{ mb: 2 }}>
      Bonjour {user.firstname},
    </Typography>
  );
}

function PageLinks() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
      <Button component={RouterLink} to={webPaths.profile} variant="contained">
        Voir mon profil
      </Button>
      <Button component={RouterLink} to={webPaths.home} variant="outlined">
        Retour à l'accueil
      </Button>
    </Stack>
  );
}

function Pending({ user, status, failed, onRoomOpen }: { user: SessionUser; status: TrainerStatus | null; failed: boolean; onRoomOpen: () => void }) {
  const meeting = status?.meeting;
  const percent = meeting ? WAITING_PROGRESS_WITH_MEETING : WAITING_PROGRESS_NO_MEETING;
  const activeStep = meeting ? 2 : 1;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <HourglassTopIcon color="warning" fontSize="large" aria-hidden />
        <Typography variant="h4" component="h1">
          {TITLE}
        </Typography>
      </Stack>
      <Greeting user={user} />

      {failed && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {STATUS_ERROR_MESSAGE}
        </Alert>
      )}

      {status?.state === 'no_cv' && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={webPaths.uploadCv} color="inherit" size="small">
              Envoyer mon CV
            </Button>
          }
        >
          Vous n'avez pas encore envoyé votre CV. L'administrateur en a besoin pour étudier votre candidature.
        </Alert>
      )}

      {meeting && (
        <Box sx={{ mb: 3 }}>
          <InterviewCard meetingDate={meeting.date} meetingUrl={meeting.url} onRoomOpen={onRoomOpen} />
        </Box>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>
          Merci pour votre inscription en tant que formateur sur EcoForma. Avant de pouvoir publier des cours, votre compte doit être
          approuvé par un administrateur : il étudie votre CV, puis vous rencontre lors d'un court entretien vidéo.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Nous vous répondrons à l'adresse <strong>{user.email}</strong>, habituellement <strong>{USUAL_RESPONSE_DELAY}</strong>.
          Une question ? Écrivez-nous à <Link href={`mailto:${CONTACT.email}`} underline="always">{CONTACT.email}</Link>.
        </Typography>

        <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 2 }}>
          Statut de votre candidature
        </Typography>
        <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 3, display: { xs: 'none', sm: 'flex' } }}>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {/* On a phone the four labels do not fit side by side. */}
        <Stepper activeStep={activeStep} orientation="vertical" sx={{ mb: 3, display: { xs: 'flex', sm: 'none' } }}>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" id="avancement-candidature">
            Avancement
          </Typography>
          <Typography variant="body2">{`${percent}\u00a0%`}</Typography>
        </Stack>
        <LinearProgress variant="determinate" value={percent} aria-labelledby="avancement-candidature" sx={{ height: 8, borderRadius: 4 }} />
      </Paper>

      <PageLinks />
    </Container>
  );
}

function Refused({ user, reason }: { user: SessionUser; reason: string | null }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Candidature non retenue
      </Typography>
      <Greeting user={user} />
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle>Votre candidature de formateur n'a pas été retenue.</AlertTitle>
        {reason ? <>Motif indiqué par l'administrateur : {reason}</> : "L'administrateur n'a pas précisé de motif."}
      </Alert>
      <Typography sx={{ mb: 2 }}>
        Vous pouvez postuler de nouveau en envoyant un CV mis à jour : votre candidature sera alors réexaminée. Pour toute question,
        écrivez-nous à <Link href={`mailto:${CONTACT.email}`} underline="always">{CONTACT.email}</Link>.
      </Typography>
      <Button component={RouterLink} to={webPaths.uploadCv} variant="contained">
        Envoyer un nouveau CV
      </Button>
      <PageLinks />
    </Container>
  );
}

function Approved({ user }: { user: SessionUser }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <CheckCircleIcon color="success" fontSize="large" aria-hidden />
        <Typography variant="h4" component="h1">
          Votre compte formateur est approuvé
        </Typography>
      </Stack>
      <Greeting user={user} />
      <Alert severity="success" sx={{ mb: 3 }}>
        Félicitations ! Un administrateur a validé votre candidature : vous pouvez désormais créer et publier vos cours.
      </Alert>
      <Button component={RouterLink} to={webPaths.trainerCourses} variant="contained">
        Mes cours
      </Button>
      <PageLinks />
    </Container>
  );
}
