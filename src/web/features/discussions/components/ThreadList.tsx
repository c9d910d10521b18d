import CheckCircleIcon from '../../../components/icons/CheckCircle';
import ForumIcon from '../../../components/icons/Forum';
import HelpOutlineIcon from '../../../components/icons/HelpOutlineOutlined';
import LockIcon from '../../../components/icons/Lock';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { discussionKindLabels } from '../../../../shared/discussion-rules';
import type { ThreadItem } from '../../../../shared/discussions';
import { formatDateTime, plural } from '../../../../shared/french-format';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation-rules';

/** One line of a list: kind, title, author, replies, and the "Résolue" / "Verrouillée" badges. */
function ThreadRow({ thread, onOpen }: { thread: ThreadItem; onOpen: (id: number) => void }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={() => onOpen(thread.id)} sx={{ alignItems: 'flex-start', py: 1.5 }}>
        <Stack spacing={0.75} sx={{ minWidth: 0, width: '100%' }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip
              size="small"
              variant="outlined"
              icon={thread.kind === 'question' ? <HelpOutlineIcon /> : <ForumIcon />}
              label={discussionKindLabels[thread.kind]}
            />
            {thread.answered && <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Résolue" />}
            {thread.locked && <Chip size="small" icon={<LockIcon />} label="Verrouillée" />}
            {thread.moderation === 'hidden' && <Chip size="small" color="warning" label={HIDDEN_BY_MODERATION} />}
          </Stack>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {thread.title}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {thread.author.name}
            {thread.author.is_trainer ? ' (formateur)' : ''} · {plural(thread.replies_count, 'réponse')}
            {thread.lesson ? ` · Leçon « ${thread.lesson.title} »` : ''} · {formatDateTime(thread.last_activity_at)}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

/** A list of threads under its heading; says so when there is none. */
export function ThreadList({ threads, label, empty, onOpen }: { threads: ThreadItem[]; label: string; empty: string; onOpen: (id: number) => void }) {
  if (threads.length === 0) return <Typography color="text.secondary" sx={{ py: 1 }}>{empty}</Typography>;
  return (
    <List aria-label={label} disablePadding>
      {threads.map((thread) => (
        <ThreadRow key={thread.id} thread={thread} onOpen={onOpen} />
      ))}
    </List>
  );
}
