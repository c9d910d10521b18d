import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { certificateMessages, type AdminCertificate } from '../../../../shared/certificates';
import { ApiError } from '../../../lib/api-client';
import { formatDay, plural } from '../../../../shared/french-format';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useAdminCertificates } from '../api/get-admin-certificates';
import { useRevokeCertificate } from '../api/revoke-certificate';
import { Pager } from '../../../components/Pager';

function RevokeDialog({ certificate, onClose }: { certificate: AdminCertificate; onClose: () => void }) {
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setError(certificateMessages.reasonRequired);
    try {
      await revoke.mutateAsync({ id: certificate.id, reason: reason.trim() });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldErrors?.reason?.[0] ?? e.message) : certificateMessages.reasonRequired);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="revoquer-titre" fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="revoquer-titre">Révoquer l'attestation {certificate.number}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {certificate.learner_name} – {certificate.course_title}. La page de vérification affichera la révocation et son motif.
          </Typography>
          <TextField
            label="Motif de la révocation"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" color="error" variant="contained" disabled={revoke.isPending}>
            Révoquer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function CertificateRow({ certificate, onRevoke }: { certificate: AdminCertificate; onRevoke: () => void }) {
  const titleId = `attestation-${certificate.id}`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <div>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
            {certificate.number} – {certificate.learner_name}
          </Typography>
          <Typography color="text.secondary">
            {certificate.course_title} · délivrée le {formatDay(certificate.issued_at)}
          </Typography>
          {certificate.revoked_at && (
            <Typography color="error.main">
              Révoquée le {formatDay(certificate.revoked_at)} : {certificate.revoked_reason}
            </Typography>
          )}
          <Link component={RouterLink} to={webPaths.certificate(certificate.code)}>
            Page de vérification
          </Link>
        </div>
        {certificate.revoked_at ? (
          <Chip label="Révoquée" color="error" />
        ) : (
          <Button color="error" variant="outlined" onClick={onRevoke} aria-describedby={titleId}>
            Révoquer
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Administrators find an attestation (number, learner, course) and revoke it with a reason. */
export default function AdminCertificatesPage() {
  usePageTitle('Attestations');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminCertificates(q.trim(), page);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Attestations
      </Typography>
      <TextField
        label="Rechercher une attestation"
        helperText="Numéro, nom de la personne ou titre du cours"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
        fullWidth
        sx={{ mb: 3 }}
      />
      {list.isPending ? (
        <CircularProgress aria-label="Chargement des attestations" />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : list.data.certificates.length === 0 ? (
        <Typography>Aucune attestation ne correspond.</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }} role="status">
            {plural(list.data.total, 'attestation')}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {list.data.certificates.map((c) => (
              <CertificateRow key={c.id} certificate={c} onRevoke={() => setRevoking(c)} />
            ))}
          </Stack>
          <Pager label="Pages des attestations" info={list.data} page={page} onChange={setPage} mt={2} />
        </>
      )}
      {revoking && <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />}
    </Container>
  );
}
