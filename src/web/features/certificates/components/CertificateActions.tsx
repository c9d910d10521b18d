import DownloadIcon from '../../../components/icons/Download';
import VerifiedIcon from '../../../components/icons/Verified';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { certificateMessages, type CertificateLink } from '../../../../shared/certificates';
import { formatDay } from '../../../../shared/french-format';
import { webPaths } from '../../../../shared/web-paths';
import { useDownloadCertificate } from '../api/download-certificate';

/**
 * For a completed course: download the attestation (PDF) and open its public verification page; a
 * revoked one says so, when and why, and is not offered for download (the server refuses it, 410).
 */
export function CertificateActions({ certificate, describedBy }: { certificate: CertificateLink; describedBy?: string }) {
  const download = useDownloadCertificate();
  if (certificate.revoked) {
    return (
      <Alert severity="warning">
        Attestation n° {certificate.number} : {certificateMessages.revokedOn(formatDay(certificate.revoked.at), certificate.revoked.reason)}
      </Alert>
    );
  }
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download.mutate(certificate.id)}
          disabled={download.isPending}
          aria-describedby={describedBy}
        >
          Télécharger l'attestation
        </Button>
        <Button component={RouterLink} to={webPaths.certificate(certificate.code)} startIcon={<VerifiedIcon />} aria-describedby={describedBy}>
          Page de vérification
        </Button>
      </Stack>
      {download.isError && <Alert severity="error">{download.error.message}</Alert>}
    </Stack>
  );
}
