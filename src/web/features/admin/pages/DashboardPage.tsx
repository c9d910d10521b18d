import BlockIcon from '@mui/icons-material/Block';
import DownloadIcon from '@mui/icons-material/Download';
import EventIcon from '@mui/icons-material/Event';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import RefreshIcon from '@mui/icons-material/Refresh';
import VideocamIcon from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminUser } from '../../../../shared/admin';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { adminText, fullName } from '../admin-text';
import { useAdminUsers } from '../api/get-admin-users';
import { ActionButton } from '../components/ActionButton';
import { AdminNav } from '../components/AdminNav';
import { CountersCards } from '../components/CountersCards';
import { formatShortDateTime } from '../components/format';
import { Toast, useToast } from '../components/Toast';
import { RoleChip, StatusChip } from '../components/UserChips';
import { UsersPagination } from '../components/UsersPagination';
import { UsersToolbar } from '../components/UsersToolbar';
import { useUserActions } from '../hooks/use-user-actions';
import { useUsersFilters } from '../hooks/use-users-filters';
import { usePageTitle } from '../../../lib/page-title';

/** The admin dashboard (spec section 2): counters, then the searchable, paginated user table. */
export default function DashboardPage() {
  const { filters, update } = useUsersFilters();
  const users = useAdminUsers(filters);
  const me = useSession((s) => s.user);
  const { toast, show, close } = useToast();
  const actions = useUserActions(show, { cvFailed: () => adminText.dashboardCvFailed });

  usePageTitle('Tableau de Bord Admin');

  const data = users.data;
  const rows = data?.users ?? [];

  const renderActions = (user: AdminUser) => {
    const name = fullName(user);
    const busy = actions.statusPendingFor === user.id;
    return (
      <Stack direction="row" spacing={0.5}>
        {user.is_valid ? (
          user.id !== me?.id && (
            <ActionButton label={`Révoquer ${name}`} onClick={() => actions.revoke(user)} disabled={busy}>
              <BlockIcon color="error" />
            </ActionButton>
          )
        ) : (
          <ActionButton label={`Approuver ${name}`} onClick={() => actions.approve(user)} disabled={busy}>
            <HowToRegIcon color="success" />
          </ActionButton>
        )}
        {user.cv && (
          <ActionButton label={`Télécharger le CV de ${name}`} onClick={() => actions.downloadCv(user)}>
            <DownloadIcon />
          </ActionButton>
        )}
        <ActionButton label={`Planifier une réunion avec ${name}`} onClick={() => actions.openSchedule(user)}>
          <EventIcon color="primary" />
        </ActionButton>
        {user.meeting_id !== null && (
          <Tooltip title={`Rejoindre la réunion avec ${name}`}>
            <IconButton component={RouterLink} to={paths.adminMeeting(user.id, user.meeting_id)} aria-label={`Rejoindre la réunion avec ${name}`} size="small">
              <VideocamIcon color="secondary" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    );
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <AdminNav />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Tableau de Bord Admin
        </Typography>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => users.refetch()} disabled={users.isFetching}>
          Actualiser
        </Button>
      </Stack>

      <CountersCards counters={data?.counters} />

      <Paper variant="outlined" component="section" aria-labelledby="gestion-utilisateurs" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="gestion-utilisateurs" variant="h5" component="h2" sx={{ mb: 2 }}>
          Gestion des Utilisateurs
        </Typography>
        <UsersToolbar q={filters.q ?? ''} role={filters.role} status={filters.status} onChange={update} />

        {users.isError && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => users.refetch()}>
                Réessayer
              </Button>
            }
          >
            {adminText.loadUsersFailed}
          </Alert>
        )}

        <Box sx={{ height: 4 }}>{users.isFetching && <LinearProgress aria-label="Chargement des utilisateurs" />}</Box>
        <TableContainer>
          <Table size="small" aria-label="Utilisateurs">
            <TableHead>
              <TableRow>
                <TableCell>Nom</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Rôle</TableCell>
                <TableCell>Spécialité</TableCell>
                <TableCell>Statut</TableCell>
                <TableCell>Réunion</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={paths.adminUser(user.id)} sx={{ fontWeight: 600 }}>
                      {fullName(user)}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
                  <TableCell>
                    <RoleChip role={user.role} />
                  </TableCell>
                  <TableCell>{user.speciality ?? '—'}</TableCell>
                  <TableCell>
                    <StatusChip user={user} />
                  </TableCell>
                  <TableCell>{user.meeting_date ? formatShortDateTime(user.meeting_date) : 'Aucune'}</TableCell>
                  <TableCell>{renderActions(user)}</TableCell>
                </TableRow>
              ))}
              {data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} sx={{ py: 6, textAlign: 'center' }}>
                    <Typography sx={{ fontWeight: 600 }}>{adminText.noUsers}</Typography>
                    <Typography color="text.secondary">{adminText.noUsersHint}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {data && (
          <UsersPagination
            total={data.total}
            capped={data.totalCapped}
            page={filters.page}
            pageSize={filters.pageSize}
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(pageSize) => update({ pageSize })}
          />
        )}
      </Paper>

      {actions.scheduleDialog}
      <Toast toast={toast} onClose={close} />
    </Container>
  );
}
