import BlockIcon from '../../../components/icons/Block';
import DownloadIcon from '../../../components/icons/Download';
import EventIcon from '../../../components/icons/Event';
import HowToRegIcon from '../../../components/icons/HowToReg';
import RefreshIcon from '../../../components/icons/Refresh';
import VideocamIcon from '../../../components/icons/Videocam';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminUser } from '../../../../shared/admin';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { adminText, fullName } from '../admin-text';
import { useAdminUsers } from '../api/get-admin-users';
import { ActionButton } from '../components/ActionButton';
import { CountersCards } from '../components/CountersCards';
import { formatShortDateTime } from '../../../../shared/french-format';
import { Toast, useToast } from '../components/Toast';
import { EmailCell, RoleChip, StatusChip } from '../components/UserChips';
import { UsersList, type UserField } from '../components/UsersList';
import { UsersToolbar } from '../components/UsersToolbar';
import { useUserActions } from '../hooks/use-user-actions';
import { useUsersFilters } from '../hooks/use-users-filters';
import { usePageTitle } from '../../../lib/page-title';
import { MonthlyFiguresTable } from '../../quality';

const fields: UserField[] = [
  { label: 'E-mail', value: (user) => <EmailCell user={user} />, breakAnywhere: true },
  { label: 'Rôle', value: (user) => <RoleChip role={user.role} /> },
  { label: 'Spécialité', value: (user) => user.speciality ?? '—' },
  { label: 'Statut', value: (user) => <StatusChip user={user} /> },
  { label: 'Réunion', value: (user) => (user.meeting_date ? formatShortDateTime(user.meeting_date) : 'Aucune') },
];

/** The admin dashboard (spec section 2): counters, then the searchable, paginated user table. */
export default function DashboardPage() {
  const { filters, update } = useUsersFilters();
  const users = useAdminUsers(filters);
  const me = useSession((s) => s.user);
  const { toast, show, close } = useToast();
  const actions = useUserActions(show, { cvFailed: () => adminText.dashboardCvFailed });

  usePageTitle('Tableau de bord admin');

  const data = users.data;

  const renderActions = (user: AdminUser) => {
    const name = fullName(user);
    const busy = actions.statusPendingFor === user.id;
    return (
      <>
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
            <IconButton component={RouterLink} to={webPaths.adminMeeting(user.id, user.meeting_id)} aria-label={`Rejoindre la réunion avec ${name}`} size="small">
              <VideocamIcon color="secondary" />
            </IconButton>
          </Tooltip>
        )}
      </>
    );
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Tableau de bord admin
        </Typography>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => users.refetch()} disabled={users.isFetching}>
          Actualiser
        </Button>
      </Stack>

      <CountersCards counters={data?.counters} />

      <Paper variant="outlined" component="section" aria-labelledby="gestion-utilisateurs" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="gestion-utilisateurs" variant="h5" component="h2" sx={{ mb: 2 }}>
          Gestion des utilisateurs
        </Typography>
        <UsersToolbar q={filters.q ?? ''} role={filters.role} status={filters.status} onChange={update} />

        <UsersList
          label="Utilisateurs"
          query={users}
          loadFailed={adminText.loadUsersFailed}
          loadingLabel="Chargement des utilisateurs"
          page={filters.page}
          pageSize={filters.pageSize}
          onPaging={update}
          fields={fields}
          actions={renderActions}
        />
      </Paper>

      <Box sx={{ mt: 4 }}>
        <MonthlyFiguresTable />
      </Box>

      {actions.scheduleDialog}
      <Toast toast={toast} onClose={close} />
    </Container>
  );
}
