import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { NotificationItem } from '../../../../shared/notifications';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { unreadSummary } from '../notification-text';
import { NotificationText } from '../components/NotificationEntry';
import { RowsPager } from '../../../components/RowsPager';

const PAGE_SIZE = 20;

/** `/notifications`: every notification of the signed-in user, newest first, to open or mark as read. */
export default function NotificationsPage() {
  const user = useSession((state) => state.user);
  usePageTitle('Notifications');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 1 }}>
        Notifications
      </Typography>
      {user && <NotificationsList userId={user.id} />}
    </Container>
  );
}

function NotificationsList({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const list = useNotifications(userId, page, PAGE_SIZE);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  if (list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Chargement des notifications" />
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Réessayer
          </Button>
        }
      >
        Impossible de charger vos notifications. Veuillez réessayer.
      </Alert>
    );
  }

  const { items, total, unread } = list.data;
  const open = (notification: NotificationItem) => {
    if (notification.read_at === null) markRead.mutate(notification.id);
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography color="text.secondary" role="status">
          {unreadSummary(unread)}
        </Typography>
        <Button variant="outlined" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          Tout marquer comme lu
        </Button>
      </Box>
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>Aucune notification pour le moment.</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Vous serez prévenu ici des inscriptions, attestations, entretiens et décisions qui vous concernent.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Vos notifications" disablePadding>
            {items.map((notification) => (
              <ListItem key={notification.id} divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', py: 2 }}>
                <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
                  <NotificationText notification={notification} />
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pl: { xs: 3, sm: 0 } }}>
                  {notification.link && (
                    <Button
                      component={RouterLink}
                      to={notification.link}
                      size="small"
                      variant="contained"
                      onClick={() => open(notification)}
                      // The visible word first (WCAG 2.5.3), then which notification: every row has the same buttons.
                      aria-label={`Ouvrir : ${notification.title}`}
                    >
                      Ouvrir
                    </Button>
                  )}
                  {notification.read_at === null && (
                    <Button
                      size="small"
                      onClick={() => markRead.mutate(notification.id)}
                      disabled={markRead.isPending && markRead.variables === notification.id}
                      aria-label={`Marquer comme lue : ${notification.title}`}
                    >
                      Marquer comme lue
                    </Button>
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
          <RowsPager
            label="Pages des notifications"
            info={{ total, pageSize: PAGE_SIZE }}
            page={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            rows={{}}
          />
        </Paper>
      )}
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        Choisissez les notifications que vous recevez aussi par e-mail dans{' '}
        <RouterLink to={webPaths.profile}>Mon profil, onglet « Paramètres »</RouterLink>.
      </Typography>
    </>
  );
}
