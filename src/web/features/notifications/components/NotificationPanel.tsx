import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { BELL_NOTIFICATIONS_SHOWN, type NotificationItem } from '../../../../shared/notifications';
import { webPaths } from '../../../../shared/web-paths';
import { BELOW_BUTTON } from '../../../lib/popup';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { NotificationText } from './NotificationEntry';

export interface NotificationPanelProps {
  userId: number;
  unreadCount: number;
  anchor: HTMLElement | null;
  onClose: () => void;
  panelId: string;
}

/**
 * The bell's panel: the latest notifications, each a link to the page it concerns, and "Tout
 * marquer comme lu". Loaded when the bell is first pointed at, focused or pressed (default export
 * for React.lazy): the pages people arrive on do not wait for it (issue 16, goal 6).
 */
export default function NotificationPanel({ userId, unreadCount, anchor, onClose, panelId }: NotificationPanelProps) {
  const open = Boolean(anchor);
  const latest = useNotifications(userId, 1, BELL_NOTIFICATIONS_SHOWN, { enabled: open });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const headingId = useId();

  function opened(notification: NotificationItem) {
    if (notification.read_at === null) markRead.mutate(notification.id);
    onClose();
  }

  const items = latest.data?.items ?? [];
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      {...BELOW_BUTTON}
      slotProps={{ paper: { id: panelId, role: 'dialog', 'aria-labelledby': headingId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1.5 }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
          Notifications
        </Typography>
        <Button size="small" onClick={() => markAll.mutate()} disabled={unreadCount === 0 || markAll.isPending}>
          Tout marquer comme lu
        </Button>
      </Box>
      <Divider />
      {latest.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label="Chargement des notifications" />
        </Box>
      ) : latest.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          Impossible de charger vos notifications. Veuillez réessayer.
        </Alert>
      ) : items.length === 0 ? (
        <Typography sx={{ px: 2, py: 3 }} color="text.secondary">
          Aucune notification pour le moment.
        </Typography>
      ) : (
        <List aria-labelledby={headingId} disablePadding sx={{ maxHeight: 'min(60vh, 480px)', overflowY: 'auto' }}>
          {items.map((notification) => (
            <ListItem key={notification.id} disablePadding divider>
              {notification.link ? (
                <ListItemButton component={RouterLink} to={notification.link} onClick={() => opened(notification)} sx={{ alignItems: 'flex-start', py: 1.5 }}>
                  <NotificationText notification={notification} clampBody />
                </ListItemButton>
              ) : (
                <ListItemButton onClick={() => opened(notification)} sx={{ alignItems: 'flex-start', py: 1.5 }}>
                  <NotificationText notification={notification} clampBody />
                </ListItemButton>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to={webPaths.notifications} onClick={onClose}>
          Voir toutes les notifications
        </Button>
      </Box>
    </Popover>
  );
}
