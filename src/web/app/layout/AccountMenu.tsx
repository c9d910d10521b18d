import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { roleLabels } from '../../../shared/roles';
import { apiFetch } from '../../lib/api-client';
import { useSession, type SessionUser } from '../../lib/session';
import { paths } from '../../lib/paths';
import { isApprovedTrainerUser, isUnapprovedTrainer } from './navigation';
import { visuallyHidden } from '../../components/visually-hidden';

/**
 * The avatar button with the first name, and the menu of the signed-in user's own pages.
 * Loaded on demand (default export for React.lazy): visitors never download it.
 */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Each opening starts afresh, focus on the first entry (the menu stays mounted while it closes).
  const [openings, setOpenings] = useState(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const buttonId = useId();
  const menuId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const pending = isUnapprovedTrainer(user);
  const fullName = `${user.firstname} ${user.lastname}`.trim();

  async function logout() {
    close();
    try {
      await apiFetch('/api/logout', { method: 'POST' });
    } catch {
      // The server session expires on its own; leaving must work even offline.
    }
    useSession.getState().clear();
    queryClient.clear();
    navigate(paths.login);
  }

  function onListKeyDown(event: KeyboardEvent) {
    // As in a native menu, Tab leaves it instead of cycling through the page behind.
    if (event.key === 'Tab') close();
  }

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        onClick={(event) => {
          setOpenings((count) => count + 1);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        sx={{ gap: 1, px: 1, borderRadius: 6 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }} aria-hidden="true">
          {(user.firstname || user.email).charAt(0).toUpperCase()}
        </Avatar>
        {/* Named by its own text, so the name holds what shows (WCAG 2.5.3): the first name, then what it opens. */}
        <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
          {user.firstname}
        </Box>{' '}
        <Box component="span" sx={visuallyHidden}>
          (menu du compte)
        </Box>
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
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
        <MenuList key={openings} id={menuId} aria-labelledby={buttonId} autoFocusItem={open} onKeyDown={onListKeyDown}>
          <MenuItem component={RouterLink} to={paths.profile} onClick={close}>
            Mon Profil
          </MenuItem>
          {user.role === 'admin' && (
            <MenuItem component={RouterLink} to={paths.adminDashboard} onClick={close}>
              Tableau de Bord Admin
            </MenuItem>
          )}
          {isApprovedTrainerUser(user) && (
            <MenuItem component={RouterLink} to={paths.addCourse} onClick={close}>
              Ajouter un Cours
            </MenuItem>
          )}
          {pending && (
            <MenuItem component={RouterLink} to={paths.waitingApproval} onClick={close}>
              Statut d'Approbation
            </MenuItem>
          )}
          {user.hasMeeting && (
            <MenuItem component={RouterLink} to={paths.myInterview} onClick={close}>
              Mes Rendez-vous
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
    </>
  );
}
