import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { organisationMessages, type MyOrganisation } from '../../../../shared/organisations';
import { LinkButton } from '../../../components/LinkButton';
import { formatDay } from '../../../../shared/french-format';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { useLinkToken } from '../../../lib/use-link-token';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useInvitation } from '../api/lookup-invitation';
import { InvitationAnswerForm } from '../components/InvitationAnswerForm';
import { forgetInvitationToken, recallInvitationToken, rememberInvitationToken } from '../pending-invitation';

function stateToken(state: unknown): string | null {
  const token = (state as { invitationToken?: unknown } | null)?.invitationToken;
  return typeof token === 'string' && token ? token : null;
}

/**
 * /rejoindre: the invited learner accepts, consenting to share their progress, or declines
 * (decision 025). The token comes from the e-mailed link (`?token=`, taken out of the address at
 * once), right after signing up from an invitation from the history state, and after a reload or
 * a detour through the login from this tab's storage (issue 25).
 */
export default function JoinPage() {
  usePageTitle('Rejoindre une organisation');
  const location = useLocation();
  const linkToken = useLinkToken();
  const [token] = useState(() => linkToken ?? stateToken(location.state) ?? recallInvitationToken());
  useEffect(() => {
    if (token) rememberInvitationToken(token);
  }, [token]);
  const user = useSession((state) => state.user);
  const invitation = useInvitation(token);
  const answer = useAnswerInvitation();
  const [joined, setJoined] = useState<MyOrganisation | null>(null);
  const [declined, setDeclined] = useState(false);

  async function respond(accept: boolean) {
    if (!token) return;
    const result = await answer.mutateAsync({ token, accept }).catch(() => undefined);
    if (result === undefined) return;
    forgetInvitationToken();
    if (accept) setJoined(result);
    else setDeclined(true);
  }

  const data = invitation.data;
  const wrongRole = user !== null && user.role !== 'membre';
  const otherAccount = data && user && user.email.toLowerCase() !== data.email;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 32 }, mb: 2 }}>
          Rejoindre une organisation
        </Typography>

        {!token && (
          <Alert severity="info">
            Ouvrez le lien reçu par e-mail, ou retrouvez vos invitations en attente dans l'onglet « Organisations » de votre profil.{' '}
            <LinkButton to={webPaths.myOrganisations}>
              Mes invitations
            </LinkButton>
          </Alert>
        )}
        {invitation.isPending && token && <CircularProgress aria-label="Chargement de l'invitation" />}
        {invitation.isError && !joined && !declined && <Alert severity="error">{invitation.error.message}</Alert>}

        {joined && (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              Vous avez rejoint {joined.organisation_name}. Les formations où elle vous inscrit apparaîtront dans « Mes formations ».
            </Alert>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <LinkButton to={webPaths.myLearning} variant="contained">
                Mes formations
              </LinkButton>
              <LinkButton to={webPaths.profile} variant="outlined">
                Mon profil
              </LinkButton>
            </Box>
          </Stack>
        )}
        {declined && (
          <Alert severity="info" role="status">
            Vous avez refusé l'invitation. L'organisation n'a accès à aucune de vos informations.
          </Alert>
        )}

        {data && !joined && !declined && (
          <>
            <Typography sx={{ mb: 2 }}>
              <strong>{data.organisation_name}</strong> vous invite à rejoindre son espace de formation sur EcoForma (invitation envoyée à{' '}
              {data.email}, valable jusqu'au {formatDay(data.expires_at)}).
            </Typography>
            <Typography sx={{ mb: 1 }}>En la rejoignant, vous lui permettez de voir, pour chaque formation où elle vous inscrit :</Typography>
            <Box component="ul" sx={{ mt: 0, mb: 2 }}>
              <li>votre avancement (leçons terminées, pourcentage) ;</li>
              <li>la date de votre dernière activité et celle où vous terminez la formation ;</li>
              <li>votre attestation de fin de formation.</li>
            </Box>
            <Typography sx={{ mb: 3 }}>Elle ne voit pas vos autres formations. Vous pourrez quitter l'organisation à tout moment depuis votre profil.</Typography>

            {wrongRole && <Alert severity="warning">{organisationMessages.invitationLearnersOnly}</Alert>}
            {!wrongRole && otherAccount && <Alert severity="warning">{organisationMessages.invitationOtherAccount}</Alert>}
            {!wrongRole && !otherAccount && (
              <InvitationAnswerForm
                organisationName={data.organisation_name}
                label="Répondre à l'invitation"
                pending={answer.isPending}
                error={answer.error}
                onAnswer={(accept) => void respond(accept)}
              />
            )}
          </>
        )}
      </Paper>
    </Container>
  );
}
