import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AdminUser } from '../../../../shared/admin';
import { PENDING_LIST_TOAST_MS } from '../../../../shared/constants';
import { paths } from '../../../lib/paths';
import { adminText, failureText, fullName } from '../admin-text';
import { useAdminUsers } from '../api/get-admin-users';
import { useRejectUser } from '../api/reject-user';
import { ActionButton } from '../components/ActionButton';
import { AdminNav } from '../components/AdminNav';
import { formatShortDate, formatShortDateTime } from '../components/format';
import { RejectDialog } from '../components/RejectDialog';
import { Toast, useToast } from '../components/Toast';
import { UsersPagination } from '../components/UsersPagination';
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

  const data = trainers.data;
  const rows = data?.users ?? [];

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

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <AdminNav />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Formateurs en attente d'approbation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Consultez le CV et l'entretien de chaque formateur, puis acceptez ou rejetez sa candidature.
      </Typography>

      {trainers.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => trainers.refetch()}>
              Réessayer
            </Button>
          }
        >
          {adminText.loadTrainersFailed}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <Box sx={{ height: 4 }}>{trainers.isFetching && <LinearProgress aria-label="Chargement des formateurs" />}</Box>
        {data && rows.length === 0 ? (
          <Typography sx={{ py: 6, textAlign: 'center', fontWeight: 600 }}>{adminText.noPendingTrainers}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Formateurs en attente">
              <TableHead>
                <TableRow>
                  <TableCell>Nom</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Spécialité</TableCell>
                  <TableCell>Inscription</TableCell>
                  <TableCell>CV</TableCell>
                  <TableCell>Réunion</TableCell>
                  <TableCell>Décision</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => {
                  const name = fullName(user);
                  const busy = actions.statusPendingFor === user.id || (reject.isPending && reject.variables?.id === user.id);
                  return (
                    <TableRow key={user.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={paths.adminUser(user.id)} sx={{ fontWeight: 600 }}>
                          {name}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
                      <TableCell>{user.speciality ?? '—'}</TableCell>
                      <TableCell>{formatShortDate(user.created_at)}</TableCell>
                      <TableCell>
                        {user.cv ? (
                          <ActionButton label={`Télécharger le CV de ${name}`} onClick={() => actions.downloadCv(user)}>
                            <DownloadIcon />
                          </ActionButton>
                        ) : (
                          'Non déposé'
                        )}
                      </TableCell>
                      <TableCell>{user.meeting_date ? formatShortDateTime(user.meeting_date) : 'Aucune'}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1}>
                          <Button variant="contained" color="success" size="small" disabled={busy} onClick={() => actions.approve(user)} aria-label={`Accepter ${name}`}>
                            Accepter
                          </Button>
                          <Button variant="outlined" color="error" size="small" disabled={busy} onClick={() => setRejecting(user)} aria-label={`Rejeter ${name}`}>
                            Rejeter
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {data && rows.length > 0 && (
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

      <RejectDialog open={rejecting !== null} name={rejecting ? fullName(rejecting) : ''} pending={reject.isPending} onClose={() => setRejecting(null)} onReject={onReject} />
      {actions.scheduleDialog}
      <Toast toast={toast} onClose={close} durationMs={PENDING_LIST_TOAST_MS} />
    </Container>
  );
}
