import ArrowBackIcon from '../../../components/icons/ArrowBack';
import BlockIcon from '../../../components/icons/Block';
import DownloadIcon from '../../../components/icons/Download';
import EditIcon from '../../../components/icons/Edit';
import EventIcon from '../../../components/icons/Event';
import HowToRegIcon from '../../../components/icons/HowToReg';
import VideoCallIcon from '../../../components/icons/VideoCall';
import VideocamIcon from '../../../components/icons/Videocam';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { auditActionLabels, type AdminUserDetail, type AuditEntry } from '../../../../shared/admin';
import { genderLabels } from '../../../../shared/auth';
import { meetingRoomState } from '../../../../shared/meetings';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../../shared/french-format';
import { useSession } from '../../../lib/session';
import { adminText, errorLine, fullName } from '../admin-text';
import { useAdminUser } from '../api/get-admin-user';
import { EditUserDialog } from '../components/EditUserDialog';
import { Toast, useToast } from '../components/Toast';
import { EmailConfirmationChip, RoleChip } from '../components/UserChips';
import { useUserActions } from '../hooks/use-user-actions';
import { usePageTitle } from '../../../lib/page-title';
import { TrainerBpfField } from '../../bpf';

/** Field names the audit log records for an edit, as the form labels them. */
const fieldLabels: Record<string, string> = {
  firstname: 'prénom',
  lastname: 'nom',
  email: 'email',
  phoneNumber: 'téléphone',
  gender: 'sexe',
  birthdate: 'date de naissance',
  country: 'pays',
  speciality: 'spécialité',
};

function auditDetails(entry: AuditEntry): string | null {
  const d = entry.details ?? {};
  if (entry.action === 'reject' && typeof d.reason === 'string') return `Motif : ${d.reason}`;
  if (entry.action === 'meeting' && typeof d.meeting_date === 'string') {
    const from = typeof d.previous_date === 'string' ? `, déplacée depuis le ${formatDateTime(d.previous_date)}` : '';
    return `Réunion du ${formatDateTime(d.meeting_date)}${from}`;
  }
  if (entry.action === 'update' && Array.isArray(d.fields)) {
    const names = d.fields.map((f) => fieldLabels[String(f)] ?? String(f));
    return names.length ? `Champs modifiés : ${names.join(', ')}` : 'Aucun champ modifié';
  }
  if (entry.action === 'cv_download' && typeof d.file === 'string' && d.file) return `Fichier : ${d.file}`;
  if (entry.action.startsWith('course_') && typeof d.course_title === 'string') {
    return `Cours « ${d.course_title} »${typeof d.reason === 'string' ? `, motif : ${d.reason}` : ''}`;
  }
  if (entry.action.startsWith('satisfaction_') && typeof d.course_title === 'string') return `Avis sur le cours « ${d.course_title} »`;
  return null;
}

function initials(user: { firstname: string; lastname: string }): string {
  return `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
}

function InfoRow({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 }, py: 1 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value || adminText.notProvided}
      </Typography>
    </Box>
  );
}

function BackButton() {
  return (
    <Button component={RouterLink} to={webPaths.adminDashboard} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Retour au tableau de bord
    </Button>
  );
}

/** A user's page (spec: 'Admin user detail'), with the history of what administrators did. */
export default function UserDetailPage() {
  const { id: rawId } = useParams();
  const id = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : null;
  const query = useAdminUser(id);
  const me = useSession((s) => s.user);
  const { toast, show, close } = useToast();
  const actions = useUserActions(show, {
    approved: () => adminText.userApproved,
    revoked: () => adminText.userRevoked,
    statusFailed: (error) => errorLine(error),
    // Spec: the download failure, with the HTTP status when the server answered.
    cvFailed: (error) => (error instanceof ApiError && error.status > 0 ? `${adminText.cvFailed} (Erreur : ${error.status})` : adminText.cvFailed),
  });
  const [editing, setEditing] = useState<AdminUserDetail | null>(null);
  const user = query.data;
  // An interview that is not over is joined or moved; after it, a new one is scheduled.
  const upcoming = Boolean(user?.meeting_date && meetingRoomState(user.meeting_date) !== 'over');

  usePageTitle(`${user ? fullName(user) : 'Utilisateur'} – Administration`);

  const notFound = id === null || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422));
  if (notFound) {
    return (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <BackButton />
        <Typography variant="h4" component="h1">
          {adminText.userNotFound}
        </Typography>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <BackButton />
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => query.refetch()}>
              Réessayer
            </Button>
          }
        >
          {adminText.loadUserFailed}
          <br />
          {errorLine(query.error)}
        </Alert>
      )}
      {query.isPending && id !== null && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement de l'utilisateur" />
        </Box>
      )}
      {user && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
              <Avatar sx={{ width: 80, height: 80, bgcolor: 'primary.main', fontSize: '1.75rem' }} aria-hidden>
                {initials(user)}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                  {fullName(user)}
                </Typography>
                <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <RoleChip role={user.role} />
                  <Chip size="small" label={user.is_valid ? 'Approuvé' : 'En attente'} color={user.is_valid ? 'success' : 'warning'} />
                  <EmailConfirmationChip user={user} />
                </Stack>
              </Box>
            </Stack>
            <Divider sx={{ my: 3 }} />
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {user.is_valid ? (
                user.id !== me?.id && (
                  <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => actions.revoke(user)} disabled={actions.statusPendingFor === user.id}>
                    Révoquer
                  </Button>
                )
              ) : (
                <Button variant="contained" color="success" startIcon={<HowToRegIcon />} onClick={() => actions.approve(user)} disabled={actions.statusPendingFor === user.id}>
                  Approuver
                </Button>
              )}
              {user.cv && (
                <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => actions.downloadCv(user)}>
                  Télécharger CV
                </Button>
              )}
              {/* Joins the interview already scheduled; the page never creates one by itself. */}
              <Button variant="outlined" startIcon={<VideoCallIcon />} component={RouterLink} to={webPaths.adminMeeting(user.id)}>
                Démarrer une réunion
              </Button>
              {!upcoming && (
                <Button variant="outlined" startIcon={<EventIcon />} onClick={() => actions.openSchedule(user)}>
                  Planifier une réunion
                </Button>
              )}
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(user)}>
                Modifier
              </Button>
            </Stack>
            {user.rejected && (
              <Alert severity="warning" sx={{ mt: 3 }}>
                Candidature rejetée{user.rejected_at ? ` le ${formatDateTime(user.rejected_at)}` : ''}.
                {user.rejection_reason ? ` Motif : ${user.rejection_reason}` : ' Aucun motif indiqué.'}
              </Alert>
            )}
            {user.meeting_date && user.meeting_id !== null && (
              <Alert
                severity="info"
                icon={<VideocamIcon />}
                sx={{ mt: 3 }}
                action={
                  upcoming ? (
                    <Stack direction="row" spacing={1}>
                      <Button color="inherit" size="small" component={RouterLink} to={webPaths.adminMeeting(user.id, user.meeting_id)}>
                        Rejoindre
                      </Button>
                      <Button color="inherit" size="small" onClick={() => actions.openSchedule(user)}>
                        Déplacer
                      </Button>
                    </Stack>
                  ) : undefined
                }
              >
                {upcoming ? `Réunion prévue le ${formatDateTime(user.meeting_date)}` : `Dernière réunion, terminée : ${formatDateTime(user.meeting_date)}`}
              </Alert>
            )}
          </Paper>

          <Paper variant="outlined" component="section" aria-labelledby="infos-personnelles" sx={{ p: { xs: 2, md: 4 } }}>
            <Typography id="infos-personnelles" variant="h5" component="h2" sx={{ mb: 1 }}>
              Informations personnelles
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              <InfoRow label="Prénom" value={user.firstname} />
              <InfoRow label="Nom" value={user.lastname} />
              <InfoRow label="Sexe" value={user.gender ? genderLabels[user.gender] : null} />
              <InfoRow label="Téléphone" value={user.phone_number} />
              <InfoRow label="Date de naissance" value={formatDate(user.birthdate)} />
              <InfoRow label="Pays" value={user.country} />
              <InfoRow label="Spécialité" value={user.speciality} />
              <InfoRow label="Inscription" value={formatDateTime(user.created_at)} />
              <InfoRow label="CV" value={user.cv ? (user.cv_original_name ?? 'cv.pdf') : 'Non déposé'} />
            </Box>
          </Paper>

          {(user.role === 'formateur' || user.role === 'admin') && <TrainerBpfField userId={user.id} />}

          <Paper variant="outlined" component="section" aria-labelledby="historique" sx={{ p: { xs: 2, md: 4 } }}>
            <Typography id="historique" variant="h5" component="h2" sx={{ mb: 1 }}>
              Historique des actions
            </Typography>
            {user.audit.length === 0 ? (
              <Typography color="text.secondary">Aucune action enregistrée pour cet utilisateur.</Typography>
            ) : (
              <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {user.audit.map((entry, index) => {
                  const details = auditDetails(entry);
                  return (
                    <Box component="li" key={`${entry.created_at}-${index}`} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                      <Typography sx={{ fontWeight: 600 }}>{auditActionLabels[entry.action]}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {formatDateTime(entry.created_at)}, par {entry.actor_name ?? 'un administrateur supprimé'}
                      </Typography>
                      {details && <Typography variant="body2">{details}</Typography>}
                    </Box>
                  );
                })}
              </Box>
            )}
          </Paper>
        </Stack>
      )}

      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          show(adminText.updated(fullName(saved)));
        }}
      />
      {actions.scheduleDialog}
      <Toast toast={toast} onClose={close} />
    </Container>
  );
}
