import ChatBubbleOutlineIcon from '../../../components/icons/ChatBubbleOutlineOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { webPaths } from '../../../../shared/web-paths';
import { useLiveEvents } from '../../../lib/live-events';
import { useUnreadMessages } from '../api/get-conversations';
import { messageKeys } from '../api/keys';
import { messagesLabel } from '../message-text';

/** Narrower on a phone, so logo, messages, bell, account and menu fit in 360 px. */
const NAV_ICON_PADDING = { p: { xs: 0.5, sm: 1.5 } } as const;

/**
 * The « Messages » entry of the signed-in navigation: a link to /messages whose name and badge say
 * the unread count, asked once and then kept by the live stream. It is also where every tab hears
 * of a new message: the conversations and the open thread are asked again.
 * Loaded on demand (default export for React.lazy), like the bell.
 */
export default function MessagesNavButton({ userId }: { userId: number }) {
  const { pathname } = useLocation();
  const unread = useUnreadMessages(userId);
  const count = unread.data ?? 0;
  const queryClient = useQueryClient();

  useLiveEvents((event) => {
    if (event.type === 'unread_messages') queryClient.setQueryData(messageKeys.unread(userId), event.count);
    if (event.type === 'ready') queryClient.setQueryData(messageKeys.unread(userId), event.unread_messages);
    if (event.type === 'message' || event.type === 'ready') {
      void queryClient.invalidateQueries({ queryKey: messageKeys.mine(userId), predicate: (query) => query.queryKey[2] !== 'unread' });
    }
  });

  const current = pathname === webPaths.messages() || pathname.startsWith(`${webPaths.messages()}/`);
  return (
    <IconButton component={RouterLink} to={webPaths.messages()} color="inherit" aria-label={messagesLabel(count)} aria-current={current ? 'page' : undefined} size="large" sx={NAV_ICON_PADDING}>
      {/* The name says the count; the badge only shows it (hidden from the name, nothing when 0). */}
      <Badge badgeContent={count > 0 ? count : undefined} color="error" max={99} overlap="circular" slotProps={{ badge: { 'aria-hidden': true } }}>
        <ChatBubbleOutlineIcon />
      </Badge>
    </IconButton>
  );
}
