import HourglassTop from '../../../components/icons/HourglassTop';
import VerifiedUser from '../../../components/icons/VerifiedUser';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Profile } from '../../../../shared/profile';

/** 'Compte vérifié' or 'En attente de vérification', with what it means for this role. */
export function AccountStatus({ profile }: { profile: Pick<Profile, 'is_valid' | 'role'> }) {
  const headingId = useId();
  const verified = profile.is_valid;
  const explanation = verified
    ? 'Votre compte a été vérifié : vous avez accès à toutes les fonctionnalités de votre espace.'
    : profile.role === 'formateur'
      ? "Un administrateur examine votre candidature de formateur. Vous serez informé dès qu'elle sera validée."
      : 'Votre compte est en attente de vérification par un administrateur.';
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        Statut du compte
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start', borderColor: verified ? 'success.main' : 'warning.main', bgcolor: verified ? '#edf7ed' : '#fff8e6' }}
      >
        {verified ? <VerifiedUser color="success" aria-hidden /> : <HourglassTop color="warning" aria-hidden />}
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{verified ? 'Compte vérifié' : 'En attente de vérification'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {explanation}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
