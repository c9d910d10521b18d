import DownloadIcon from '../../../components/icons/Download';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AdminUser } from '../../../../shared/admin';
import { PENDING_LIST_TOAST_MS } from '../../../../shared/constants';
import { adminText, failureText, fullName } from '../admin-text';
import { useAdminUsers } from '../api/get-admin-users';
import { useRejectUser } from '../api/reject-user';
import { ActionButton } from '../components/ActionButton';
import { formatShortDate, formatShortDateTime } from '../../../../shared/french-format';
import { RejectDialog } from '../components/RejectDialog';
import { Toast, useToast } from '../components/Toast';
import { EmailCell } from '../components/UserChips';
import { UsersList, type UserField } from '../components/UsersList';
import { useUserActions } from '../hooks/use-user-actions';
import { useUsersFilters } from '../hooks/use-users-filters';
import { usePageTitle } from '../../../lib/page-title';

/** Trainers waiting for a decision (spec: 'Admin pending trainers'); refused ones are left out. */
export default function ApprovalsPage() {
  const { filters, update } = useUsersFilters();
  const trainers = useAdminUsers({ role: 'formateur', status: 'pending', rejected: 'false', page: filters.page, pageSize: filters.pageSize });
  const { toast, show, close } = useToast();
  const actions = useUserActions(show);
  const reject = useRejectUser();
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);

  usePageTitle('Formateurs en attente');

  const onReject = async (reason: string) => {
    if (!rejecting) return;
    const name = fullName(rejecting);
    try {
      await reject.mutateAsync({ id: rejecting.id, reason });
      setRejecting(null);
      show(adminText.rejected(name));
    } catch (error) {
      show(failureText(error, `Échec du rejet de ${name}. Veuillez réessayer.`), 'error');
    }
  };

  // Built here: the CV column needs this page's download action.
  const fields: UserField[] = [
    { label: 'E-mail', value: (user) => <EmailCell user={user} />, breakAnywhere: true },
    { label: 'Spécialité', value: (user) => user.speciality ?? '—' },
    { label: 'Inscription', value: (user) => formatShortDate(user.created_at) },
    {
      label: 'CV',
      value: (user) =>
        user.cv ? (
          <ActionButton label={`Télécharger le CV de ${fullName(user)}`} onClick={() => actions.downloadCv(user)}>
            <DownloadIcon />
          </ActionButton>
        ) : (
          'Non déposé'
        ),
    },
    { label: 'Réunion', value: (user) => (user.meeting_date ? formatShortDateTime(user.meeting_date) : 'Aucune') },
  ];

  const renderDecision = (user: AdminUser) => {
    const name = fullName(user);
    const busy = actions.statusPendingFor === user.id || (reject.isPending && reject.variables?.id === user.id);
    return (
      <>
        <Button variant="contained" color="success" size="small" disabled={busy} onClick={() => actions.approve(user)} aria-label={`Accepter ${name}`}>
          Accepter
        </Button>
        <Button variant="outlined" color="error" size="small" disabled={busy} onClick={() => setRejecting(user)} aria-label={`Rejeter ${name}`}>
          Rejeter
        </Button>
      </>
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Formateurs en attente d'approbation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Consultez le CV et l'entretien de chaque formateur, puis acceptez ou rejetez sa candidature.
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <UsersList
          label="Formateurs en attente"
          query={trainers}
          loadFailed={adminText.loadTrainersFailed}
          loadingLabel="Chargement des formateurs"
          page={filters.page}
          pageSize={filters.pageSize}
          onPaging={update}
          fields={fields}
          actionsLabel="Décision"
          actions={renderDecision}
          empty={<Typography sx={{ fontWeight: 600 }}>{adminText.noPendingTrainers}</Typography>}
        />
      </Paper>

      <RejectDialog open={rejecting !== null} name={rejecting ? fullName(rejecting) : ''} pending={reject.isPending} onClose={() => setRejecting(null)} onReject={onReject} />
      {actions.scheduleDialog}
      <Toast toast={toast} onClose={close} durationMs={PENDING_LIST_TOAST_MS} />
    </Container>
  );
}
