import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { roleLabels } from '../../../shared/roles';
import { apiFetch } from '../../lib/api-client';
import { useSession, type SessionUser } from '../../lib/session';
import { webPaths } from '../../../shared/web-paths';
import { BELOW_BUTTON } from '../../lib/popup';
import { isApprovedTrainerUser, isUnapprovedTrainer } from './navigation';
import { visuallyHidden } from '../../components/visually-hidden';

export interface AccountMenuPanelProps {
  user: SessionUser;
  anchor: HTMLElement | null;
  onClose: () => void;
  buttonId: string;
  menuId: string;
}

/**
 * The account menu itself: name, role, the user's own pages and Déconnexion. Loaded when the
 * button is first pointed at, focused or pressed (default export for React.lazy): the pages people
 * arrive on do not wait for it (issue 16, goal 6).
 */
export default function AccountMenuPanel({ user, anchor, onClose, buttonId, menuId }: AccountMenuPanelProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = Boolean(anchor);
  const pending = isUnapprovedTrainer(user);
  const fullName = `${user.firstname} ${user.lastname}`.trim();

  async function logout() {
    onClose();
    try {
      await apiFetch('/api/logout', { method: 'POST' });
    } catch {
      // The server session expires on its own; leaving must work even offline.
    }
    useSession.getState().clear();
    queryClient.clear();
    navigate(webPaths.login);
  }

  function onListKeyDown(event: KeyboardEvent) {
    // As in a native menu, Tab leaves it instead of cycling through the page behind.
    if (event.key === 'Tab') onClose();
  }

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      {...BELOW_BUTTON}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{fullName}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {roleLabels[user.role]}
          </Typography>
          {pending && <Chip label="En attente" color="warning" size="small" />}
        </Box>
      </Box>
      <Divider />
      <MenuList id={menuId} aria-labelledby={buttonId} autoFocusItem={open} onKeyDown={onListKeyDown}>
        <MenuItem component={RouterLink} to={webPaths.profile} onClick={onClose}>
          Mon profil
        </MenuItem>
        {user.role === 'admin' && (
          <MenuItem component={RouterLink} to={webPaths.adminDashboard} onClick={onClose}>
            Tableau de bord admin
          </MenuItem>
        )}
        {isApprovedTrainerUser(user) && (
          <MenuItem component={RouterLink} to={webPaths.addCourse} onClick={onClose}>
            Ajouter un cours
          </MenuItem>
        )}
        {pending && (
          <MenuItem component={RouterLink} to={webPaths.waitingApproval} onClick={onClose}>
            Statut d'approbation
          </MenuItem>
        )}
        {user.hasMeeting && (
          <MenuItem component={RouterLink} to={webPaths.myInterview} onClick={onClose}>
            Mes rendez-vous
            <Box
              component="span"
              data-testid="meeting-dot"
              sx={{ ml: 1, width: 10, height: 10, borderRadius: '50%', bgcolor: 'success.main', display: 'inline-block' }}
            />
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (un rendez-vous est programmé)
            </Box>
          </MenuItem>
        )}
        <Divider component="li" />
        <MenuItem onClick={logout}>Déconnexion</MenuItem>
      </MenuList>
    </Popover>
  );
}
