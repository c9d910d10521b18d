import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { MyOrganisation } from '../../../../shared/organisations';
import { formatDay } from '../../../../shared/french-format';
import { useMyOrganisations } from '../api/get-my-organisations';
import { useLeaveOrganisation } from '../api/leave-organisation';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MyInvitations } from './MyInvitations';

/** The learner's organisations, what each one sees, and how to leave it (decision 025). */
export function MyOrganisations() {
  const organisations = useMyOrganisations();
  const leave = useLeaveOrganisation();
  const [leaving, setLeaving] = useState<MyOrganisation | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();

  async function confirmLeave() {
    if (!leaving) return;
    try {
      await leave.mutateAsync(leaving.id);
      setDone(`Vous avez quitté ${leaving.organisation_name}. Elle n'a plus accès à votre progression.`);
    } finally {
      setLeaving(null);
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 22, mb: 1 }}>
        Mes organisations
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Une organisation dont vous êtes membre voit votre progression dans les formations où elle vous a inscrit : avancement, dernière activité,
        date de fin et attestation. Rien d'autre.
      </Typography>
      <MyInvitations />
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {leave.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {leave.error.message}
        </Alert>
      )}
      {organisations.isPending && <CircularProgress aria-label="Chargement de vos organisations" />}
      {organisations.isError && <Alert severity="error">{organisations.error.message}</Alert>}
      {organisations.data && organisations.data.length === 0 && <Typography>Vous n'êtes membre d'aucune organisation.</Typography>}
      {organisations.data && organisations.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {organisations.data.map((organisation) => (
            <Paper component="li" variant="outlined" key={organisation.id} sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {organisation.organisation_name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Membre depuis le {formatDay(organisation.joined_at)}
                  {organisation.courses.length > 0 ? ` · Formations : ${organisation.courses.map((c) => c.title).join(', ')}` : ''}
                </Typography>
              </Box>
              <Button variant="outlined" color="error" onClick={() => setLeaving(organisation)} aria-label={`Quitter ${organisation.organisation_name}`}>
                Quitter
              </Button>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={`Quitter ${leaving?.organisation_name ?? ''} ?`}
        confirmLabel="Quitter l'organisation"
        pending={leave.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={() => void confirmLeave()}
      >
        L'organisation n'aura plus accès à votre progression. Vous gardez vos formations, votre progression et vos attestations. Pour la rejoindre de
        nouveau, il lui faudra vous inviter.
      </ConfirmDialog>
    </Box>
  );
}
