import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ConversationSummary } from '../../../../shared/messages';
import { webPaths } from '../../../../shared/web-paths';
import { visuallyHidden } from '../../../components/visually-hidden';
import { messageTime, unreadText } from '../message-text';

/** The person's conversations, latest first: a link each, its unread messages marked in words and in bold. */
export function ConversationList({ items, selectedId }: { items: ConversationSummary[]; selectedId: number | null }) {
  if (items.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        Aucune conversation pour le moment. Un apprenant écrit au formateur depuis la page de son cours (« Contacter le formateur ») ; une organisation écrit à ses
        membres depuis son tableau de bord.
      </Typography>
    );
  }
  return (
    <List aria-label="Conversations" disablePadding>
      {items.map((conversation) => {
        const selected = conversation.id === selectedId;
        const unread = conversation.unread > 0;
        const last = conversation.last_message;
        return (
          <ListItem key={conversation.id} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={webPaths.messages(conversation.id)}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            divider
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography component="span" sx={{ fontWeight: unread ? 800 : 600, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {conversation.correspondent.name}
                </Typography>
                {last && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {messageTime(last.created_at)}
                  </Typography>
                )}
              </Box>
              {conversation.course && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {conversation.course.title}
                </Typography>
              )}
              <Typography
                component="span"
                variant="body2"
                color={unread ? 'text.primary' : 'text.secondary'}
                sx={{ display: 'block', fontWeight: unread ? 700 : 400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {last ? `${last.mine ? 'Vous : ' : ''}${last.body}` : 'Aucun message pour l’instant'}
              </Typography>
            </Box>
            {unread && (
              <Box
                component="span"
                sx={{ flexShrink: 0, alignSelf: 'center', bgcolor: 'error.main', color: 'error.contrastText', borderRadius: 999, px: 1, minWidth: 24, textAlign: 'center', fontSize: 13, fontWeight: 700 }}
              >
                <span aria-hidden="true">{conversation.unread}</span>
                <Box component="span" sx={visuallyHidden}>
                  {`, ${unreadText(conversation.unread)}`}
                </Box>
              </Box>
            )}
          </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
