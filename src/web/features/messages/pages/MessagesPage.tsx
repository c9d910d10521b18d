import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useConversations } from '../api/get-conversations';
import { ConversationList } from '../components/ConversationList';
import { Thread } from '../components/Thread';

/**
 * `/messages` and `/messages/{id}`: the conversations and the open one. Phone first: on a phone the
 * list, then the conversation alone with a way back; from the medium width, side by side. New
 * messages arrive live (MessagesNavButton asks the lists again on each event of the stream).
 */
export default function MessagesPage() {
  const user = useSession((state) => state.user);
  const { conversationId } = useParams();
  const selected = conversationId && /^\d+$/.test(conversationId) ? Number(conversationId) : null;
  usePageTitle('Messages');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1, sm: 2 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 24, md: 32 }, mb: { xs: 1, md: 2 }, px: { xs: 1, sm: 0 } }}>
        Messages
      </Typography>
      {user && <Messages userId={user.id} selected={selected} />}
    </Container>
  );
}

function Messages({ userId, selected }: { userId: number; selected: number | null }) {
  const hasThread = selected !== null;
  return (
    <Paper variant="outlined" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '340px 1fr' }, minHeight: { md: 560 }, height: { md: 'calc(100vh - 220px)' }, overflow: 'hidden' }}>
      <Box
        component="section"
        aria-label="Mes conversations"
        sx={{ display: { xs: hasThread ? 'none' : 'block', md: 'block' }, borderRight: { md: 1 }, borderColor: { md: 'divider' }, overflowY: 'auto' }}
      >
        <Conversations userId={userId} selected={selected} />
      </Box>
      <Box component="section" aria-label="Conversation" sx={{ display: { xs: hasThread ? 'flex' : 'none', md: 'flex' }, flexDirection: 'column', minHeight: { xs: 'calc(100vh - 120px)', md: 0 } }}>
        {hasThread ? (
          <Thread key={selected} userId={userId} conversationId={selected} />
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flex: 1, p: 4 }}>
            <Typography color="text.secondary">Choisissez une conversation pour la lire.</Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** The conversations' list. Its own component, so that the list's answer re-renders the list alone, not the open conversation. */
function Conversations({ userId, selected }: { userId: number; selected: number | null }) {
  const list = useConversations(userId);
  const data = useFirstArrival(list.data);
  return list.isError ? (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void list.refetch()}>
          Réessayer
        </Button>
      }
    >
      Vos conversations n’ont pas pu être chargées.
    </Alert>
  ) : !data ? (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Chargement des conversations" />
    </Box>
  ) : (
    <ConversationList items={data.items} selectedId={selected} />
  );
}
