import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NotificationItem } from '../../../../shared/notifications';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../../shared/french-format';
import { arrivedAt } from '../notification-text';

/**
 * What one notification says: its title (bold and marked while unread), its text and when it
 * arrived. The bell's menu and the list page wrap it in a link to the page it concerns.
 */
export function NotificationText({ notification, clampBody = false }: { notification: NotificationItem; clampBody?: boolean }) {
  const unread = notification.read_at === null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        aria-hidden="true"
        sx={{ flex: '0 0 10px', width: 10, height: 10, mt: 0.75, borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}>
          {notification.title}
          {unread && <Box component="span" sx={visuallyHidden}> (non lue)</Box>}
        </Typography>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{
            display: clampBody ? '-webkit-box' : 'block',
            overflowWrap: 'anywhere',
            ...(clampBody ? { WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
          }}
        >
          {notification.body}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
            {arrivedAt(notification.created_at)}
          </time>
        </Typography>
      </Box>
    </Box>
  );
}
