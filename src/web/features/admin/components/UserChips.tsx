import Chip from '@mui/material/Chip';
import type { AdminUser } from '../../../../shared/admin';
import { roleLabels, type Role } from '../../../../shared/roles';

const roleColors: Record<Role, 'default' | 'primary' | 'secondary' | 'info'> = {
  membre: 'default',
  formateur: 'primary',
  organisme: 'secondary',
  admin: 'info',
};

export function RoleChip({ role }: { role: Role }) {
  return <Chip size="small" label={roleLabels[role]} color={roleColors[role]} variant={role === 'membre' ? 'outlined' : 'filled'} />;
}

/** 'Approuvé' or 'En attente' (spec), and 'Rejeté' for a refused trainer. */
export function StatusChip({ user }: { user: Pick<AdminUser, 'is_valid' | 'rejected'> }) {
  if (user.is_valid) return <Chip size="small" label="Approuvé" color="success" />;
  if (user.rejected) return <Chip size="small" label="Rejeté" color="error" variant="outlined" />;
  return <Chip size="small" label="En attente" color="warning" />;
}
