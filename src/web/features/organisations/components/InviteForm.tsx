import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { emailSchema } from '../../../../shared/auth';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useInviteMember } from '../api/invite-member';

/** One address at a time; the person receives an e-mail with their link. */
export function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      const result = await invite.mutateAsync({ email: parsed.data });
      setSent(result.resent ? `Nouvelle invitation envoyée à ${parsed.data}.` : `Invitation envoyée à ${parsed.data}.`);
      setEmail('');
    } catch (caught) {
      setError(serverFieldMessages(caught, ['email'] as const).email ?? (caught instanceof Error ? caught.message : null));
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Inviter une personne">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Adresse e-mail à inviter"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          sx={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ mt: 1 }}>
          Inviter
        </Button>
      </Box>
      {sent && (
        <Alert severity="success" role="status" onClose={() => setSent(null)}>
          {sent}
        </Alert>
      )}
    </Box>
  );
}
