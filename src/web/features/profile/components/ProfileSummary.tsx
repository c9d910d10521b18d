import EmailOutlined from '../../../components/icons/EmailOutlined';
import PhoneOutlined from '../../../components/icons/PhoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Profile } from '../../../../shared/profile';
import { roleLabels } from '../../../../shared/roles';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Up to two letters; an emoji or accented first character is kept whole. */
export function initials(firstname: string, lastname: string): string {
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  return `${first(firstname)}${first(lastname)}`.toLocaleUpperCase('fr-FR');
}

/** The profile card: who this is, their role, how to reach them (spec section 2, "Profile"). */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const fullName = `${profile.firstname} ${profile.lastname}`;
  // An organisation's page is named after the organisation; its contact person comes under it.
  const organisationName = profile.organisation?.organisation_name;
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Avatar aria-hidden sx={{ width: 96, height: 96, mx: 'auto', mb: 2, bgcolor: 'primary.main', fontSize: 36, fontWeight: 700 }}>
        {initials(profile.firstname, profile.lastname)}
      </Avatar>
      <Chip
        label={profile.is_valid ? 'Vérifié' : 'En attente'}
        color={profile.is_valid ? 'success' : 'warning'}
        size="small"
        sx={{ mb: 1.5, fontWeight: 600 }}
      />
      <Typography variant="h1" sx={{ fontSize: 26, overflowWrap: 'anywhere', mb: 0.5 }}>
        {organisationName ?? fullName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {organisationName ? `${roleLabels[profile.role]} · contact : ${fullName}` : roleLabels[profile.role]}
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'left' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: '100%' }}>
          <EmailOutlined fontSize="small" color="action" aria-hidden />
          <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={visuallyHidden}>
              Adresse e-mail :{' '}
            </Box>
            {profile.email}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <PhoneOutlined fontSize="small" color="action" aria-hidden />
          <Typography component="span" color={profile.phone_number ? 'text.primary' : 'text.secondary'}>
            <Box component="span" sx={visuallyHidden}>
              Téléphone :{' '}
            </Box>
            {profile.phone_number ?? 'Pas de numéro de téléphone'}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
