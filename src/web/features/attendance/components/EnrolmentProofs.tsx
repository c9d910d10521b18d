import DownloadIcon from '../../../components/icons/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useDownloadEnrolmentEvidence } from '../../evidence';
import { useDownloadProof } from '../api/download-proofs';

/**
 * The proofs of an enrolment for whoever may read them (the learner, the course's trainer, an
 * administrator, a consenting organisation): the attendance in CSV and the certificat de
 * réalisation in PDF; the server's refusal (settings missing, no activity yet) shows under them.
 */
export function EnrolmentProofs({ enrolmentId, subject, size = 'medium', evidence = false }: { enrolmentId: number; subject: string; size?: 'small' | 'medium'; evidence?: boolean }) {
  const download = useDownloadProof();
  const evidenceFile = useDownloadEnrolmentEvidence();
  const failure = download.error ?? evidenceFile.error;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size={size} variant="outlined" startIcon={<DownloadIcon />} disabled={download.isPending} onClick={() => download.mutate({ enrolmentId, kind: 'attendance' })} aria-label={`Télécharger l'assiduité (CSV) de ${subject}`}>
          Assiduité (CSV)
        </Button>
        <Button size={size} variant="outlined" startIcon={<DownloadIcon />} disabled={download.isPending} onClick={() => download.mutate({ enrolmentId, kind: 'certificate' })} aria-label={`Télécharger le certificat de réalisation de ${subject}`}>
          Certificat de réalisation
        </Button>
        {evidence && (
          <Button size={size} variant="outlined" startIcon={<DownloadIcon />} disabled={evidenceFile.isPending} onClick={() => evidenceFile.mutate(enrolmentId)} aria-label={`Télécharger le dossier de preuves (ZIP) de ${subject}`}>
            Dossier de preuves (ZIP)
          </Button>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" role="alert">
          {failure.message}
        </Alert>
      )}
    </Stack>
  );
}
