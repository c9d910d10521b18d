import NotificationsIcon from '../../../components/icons/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { useLiveEvents } from '../../../lib/live-events';
import { usePopupAnchor } from '../../../lib/popup';
import { useUnreadCount } from '../api/get-unread-count';
import { notificationKeys } from '../api/keys';
import { BELL_BADGE_MAX, bellLabel } from '../notification-text';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(loadPanel);

/**
 * The bell of the navigation bar (signed-in users): the unread count in its badge and in its
 * name ("Notifications, 3 non lues"), asked once, then kept by the live stream (no polling: each
 * new notification and each one read, in any tab, pushes the count); it opens the latest
 * notifications, each a link to the page it concerns.
 * Loaded on demand (default export for React.lazy): visitors never download it. The panel's code
 * comes when the bell is first pointed at or focused, like the hamburger's menu.
 */
export default function NotificationBell({ userId }: { userId: number }) {
  const unread = useUnreadCount(userId);
  const count = unread.data ?? 0;
  const { anchor, openings, open, openFrom, close } = usePopupAnchor();
  const buttonId = useId();
  const panelId = useId();
  const queryClient = useQueryClient();

  useLiveEvents((event) => {
    // `ready` opens each (re)connection: whatever changed while the stream was down is caught up.
    const next = event.type === 'notifications' ? event.unread : event.type === 'ready' ? event.notifications : null;
    if (next === null) return;
    const previous = queryClient.getQueryData<number>(notificationKeys.unread(userId));
    queryClient.setQueryData(notificationKeys.unread(userId), next);
    // The open panel and the full list show the new notification too.
    if (previous !== next) void queryClient.invalidateQueries({ queryKey: notificationKeys.mine(userId), predicate: (query) => query.queryKey[2] !== 'unread' });
  });

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={openFrom}
        size="large"
        // Narrower on a phone, so logo, messages, bell, account and menu fit in 360 px.
        sx={{ p: { xs: 0.5, sm: 1.5 } }}
      >
        {/* The name says the count; the badge only shows it (hidden from the name, nothing when 0). */}
        <Badge badgeContent={count > 0 ? count : undefined} color="error" max={BELL_BADGE_MAX} overlap="circular" slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {openings > 0 && (
        <Suspense fallback={null}>
          <NotificationPanel key={openings} userId={userId} unreadCount={count} anchor={anchor} onClose={close} panelId={panelId} />
        </Suspense>
      )}
    </>
  );
}
