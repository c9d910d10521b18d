import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { AdminUser } from '../../../../shared/admin';
import { roleLabels, type Role } from '../../../../shared/roles';

/** Colours whose text keeps a 4.5:1 contrast (MUI's default 'info' blue does not). */
const roleChips: Record<Role, { color: 'default' | 'primary' | 'secondary'; variant: 'filled' | 'outlined' }> = {
  membre: { color: 'default', variant: 'outlined' },
  formateur: { color: 'primary', variant: 'filled' },
  organisme: { color: 'secondary', variant: 'filled' },
  admin: { color: 'secondary', variant: 'outlined' },
};

export function RoleChip({ role }: { role: Role }) {
  return <Chip size="small" label={roleLabels[role]} {...roleChips[role]} />;
}

/** 'Approuvé' or 'En attente' (spec), and 'Rejeté' for a refused trainer. */
export function StatusChip({ user }: { user: Pick<AdminUser, 'is_valid' | 'rejected'> }) {
  if (user.is_valid) return <Chip size="small" label="Approuvé" color="success" />;
  if (user.rejected) return <Chip size="small" label="Rejeté" color="error" variant="outlined" />;
  return <Chip size="small" label="En attente" color="warning" />;
}

/** Shown only while the owner has not opened a link sent to the address (decision 021). */
export function EmailConfirmationChip({ user }: { user: Pick<AdminUser, 'email_confirmed'> }) {
  if (user.email_confirmed) return null;
  return <Chip size="small" label="E-mail non confirmé" color="warning" variant="outlined" />;
}

/** The address, and under it whether it is confirmed: the lists' 'E-mail' cell. */
export function EmailCell({ user }: { user: Pick<AdminUser, 'email' | 'email_confirmed'> }) {
  return (
    <>
      {user.email}
      {!user.email_confirmed && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          <EmailConfirmationChip user={user} />
        </Box>
      )}
    </>
  );
}
