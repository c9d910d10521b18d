import DeleteIcon from '../../../components/icons/Delete';
import DownloadIcon from '../../../components/icons/Download';
import EditIcon from '../../../components/icons/Edit';
import PersonAddIcon from '../../../components/icons/PersonAdd';
import VideoCallIcon from '../../../components/icons/VideoCall';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AdminUser } from '../../../../shared/admin';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { adminText, failureText, fullName } from '../admin-text';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers } from '../api/get-admin-users';
import { ActionButton } from '../components/ActionButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CreateUserDialog } from '../components/CreateUserDialog';
import { EditUserDialog } from '../components/EditUserDialog';
import { formatShortDate } from '../../../../shared/french-format';
import { Toast, useToast } from '../components/Toast';
import { EmailCell, RoleChip, StatusChip } from '../components/UserChips';
import { UsersList, type UserField } from '../components/UsersList';
import { UsersToolbar } from '../components/UsersToolbar';
import { useUserActions } from '../hooks/use-user-actions';
import { useUsersFilters } from '../hooks/use-users-filters';
import { usePageTitle } from '../../../lib/page-title';

const fields: UserField[] = [
  { label: 'E-mail', value: (user) => <EmailCell user={user} />, breakAnywhere: true },
  { label: 'Rôle', value: (user) => <RoleChip role={user.role} /> },
  { label: 'Statut', value: (user) => <StatusChip user={user} /> },
  { label: 'Inscription', value: (user) => formatShortDate(user.created_at) },
];

/** The member list (spec: 'Admin member list'), with real creation, edition and deletion. */
export default function MembersPage() {
  const me = useSession((s) => s.user);
  const { filters, update } = useUsersFilters();
  const users = useAdminUsers(filters);
  const { toast, show, close } = useToast();
  const actions = useUserActions(show);
  const remove = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  usePageTitle('Liste des membres');

  const onDelete = async () => {
    if (!deleting) return;
    const name = fullName(deleting);
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      show(adminText.deleted(name));
    } catch (error) {
      show(failureText(error, `Échec de la suppression de ${name}. Veuillez réessayer.`), 'error');
    }
  };

  const renderActions = (user: AdminUser) => {
    const name = fullName(user);
    return (
      <>
        <ActionButton label={`Modifier ${name}`} onClick={() => setEditing(user)}>
          <EditIcon />
        </ActionButton>
        {user.cv && (
          <ActionButton label={`Télécharger le CV de ${name}`} onClick={() => actions.downloadCv(user)}>
            <DownloadIcon />
          </ActionButton>
        )}
        <Tooltip title={`Démarrer une réunion avec ${name}`}>
          <IconButton component={RouterLink} to={webPaths.adminMeeting(user.id)} aria-label={`Démarrer une réunion avec ${name}`} size="small">
            <VideoCallIcon color="primary" />
          </IconButton>
        </Tooltip>
        {user.id !== me?.id && (
          <ActionButton label={`Supprimer ${name}`} onClick={() => setDeleting(user)}>
            <DeleteIcon color="error" />
          </ActionButton>
        )}
      </>
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Liste des membres
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
          Ajouter membre
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <UsersToolbar q={filters.q ?? ''} role={filters.role} status={filters.status} onChange={update} />
        <UsersList
          label="Membres"
          query={users}
          loadFailed={adminText.loadMembersFailed}
          loadingLabel="Chargement des membres"
          page={filters.page}
          pageSize={filters.pageSize}
          onPaging={update}
          fields={fields}
          actions={renderActions}
          rowOpensUser
        />
      </Paper>

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} onCreated={(name) => show(adminText.created(name))} />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(user) => {
          setEditing(null);
          show(adminText.updated(fullName(user)));
        }}
      />
      {/* Deleting an account cannot be undone: the dialog names who and says what goes with it. */}
      <ConfirmDialog
        open={deleting !== null}
        title={`Supprimer le compte de ${deleting ? fullName(deleting) : ''} ?`}
        confirmLabel="Supprimer"
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={onDelete}
      >
        Le compte {deleting?.email ?? ''}, ses sessions, ses réunions, ses cours et ses fichiers seront définitivement supprimés. Cette action est
        irréversible.
      </ConfirmDialog>
      <Toast toast={toast} onClose={close} />
    </Container>
  );
}
