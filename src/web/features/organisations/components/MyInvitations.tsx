import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { MyInvitation } from '../../../../shared/organisations';
import { formatDay } from '../../../../shared/french-format';
import { useAnswerMyInvitation } from '../api/answer-my-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { InvitationAnswerForm } from './InvitationAnswerForm';

/** One pending invitation: join with consent, or decline. */
function InvitationCard({ invitation, onAnswered }: { invitation: MyInvitation; onAnswered: (message: string) => void }) {
  const answer = useAnswerMyInvitation();
  const name = invitation.organisation_name;

  async function respond(accept: boolean) {
    const result = await answer.mutateAsync({ id: invitation.id, accept }).catch(() => undefined);
    if (result === undefined) return;
    onAnswered(accept ? `Vous avez rejoint ${name}. Les formations où elle vous inscrit apparaîtront dans « Mes formations ».` : `Vous avez refusé l'invitation de ${name}.`);
  }

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <InvitationAnswerForm organisationName={name} label={`Invitation de ${name}`} pending={answer.isPending} error={answer.error} onAnswer={(accept) => void respond(accept)}>
        <Typography component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Invitation reçue le {formatDay(invitation.invited_at)}, valable jusqu'au {formatDay(invitation.expires_at)}. En la rejoignant, vous lui permettez de voir votre
          progression dans les formations où elle vous inscrit.
        </Typography>
      </InvitationAnswerForm>
    </Paper>
  );
}

/**
 * The pending invitations to the learner's confirmed address (issue 25): answered here, the
 * e-mailed link is no longer needed (a reload, a confirmation in another tab, a login).
 */
export function MyInvitations() {
  const invitations = useMyInvitations();
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  const list = invitations.data ?? [];
  if (list.length === 0 && !done) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: 18, fontWeight: 600, mb: 1.5 }}>
        Invitations en attente
      </Typography>
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {list.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} onAnswered={setDone} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
