import NotificationsIcon from '@mui/icons-material/Notifications';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BELL_NOTIFICATIONS_SHOWN, type NotificationItem } from '../../../../shared/notifications';
import { paths } from '../../../lib/paths';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { bellLabel } from '../notification-text';
import { NotificationText } from './NotificationEntry';

/**
 * The bell of the navigation bar (signed-in users): the unread count in its badge and in its
 * name ("Notifications, 3 non lues"), asked again on each navigation, on focus and every minute;
 * it opens the latest notifications, each a link to the page it concerns.
 * Loaded on demand (default export for React.lazy): visitors never download it.
 */
export default function NotificationBell({ userId }: { userId: number }) {
  const { pathname } = useLocation();
  const unread = useUnreadCount(userId);
  const count = unread.data ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const latest = useNotifications(userId, 1, BELL_NOTIFICATIONS_SHOWN, { enabled: open });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const buttonId = useId();
  const panelId = useId();
  const headingId = useId();
  const close = () => setAnchor(null);

  // Each navigation asks the server again (the first render already did).
  const { refetch } = unread;
  const seenPath = useRef(pathname);
  useEffect(() => {
    if (seenPath.current === pathname) return;
    seenPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  function opened(notification: NotificationItem) {
    if (notification.read_at === null) markRead.mutate(notification.id);
    close();
  }

  const items = latest.data?.items ?? [];
  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="large"
      >
        {/* The name says the count; the badge only shows it (hidden from the name, nothing when 0). */}
        <Badge badgeContent={count > 0 ? count : undefined} color="error" max={99} overlap="circular" slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { id: panelId, role: 'dialog', 'aria-labelledby': headingId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1.5 }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
            Notifications
          </Typography>
          <Button size="small" onClick={() => markAll.mutate()} disabled={count === 0 || markAll.isPending}>
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
          <Button component={RouterLink} to={paths.notifications} onClick={close}>
            Voir toutes les notifications
          </Button>
        </Box>
      </Popover>
    </>
  );
}
