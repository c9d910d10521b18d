import CancelIcon from '../../../components/icons/Cancel';
import VerifiedIcon from '../../../components/icons/Verified';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { CertificateVerification } from '../../../../shared/certificates';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../../shared/french-format';
import { usePageTitle } from '../../../lib/page-title';
import { useCertificateVerification } from '../api/verify-certificate';

export const verificationText = {
  title: "Vérification d'une attestation",
  valid: 'Attestation valide',
  revoked: 'Attestation révoquée',
  notFound: 'Attestation introuvable',
  notFoundHelp: "Aucune attestation ne correspond à ce code. Vérifiez l'adresse ou scannez de nouveau le QR code.",
};

function Details({ result }: { result: CertificateVerification }) {
  const rows: [string, string][] = [
    ['Délivrée à', result.learner_name],
    ['Formation', result.course_title],
    ['Date de délivrance', formatDay(result.issued_at)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** `/certificats/{code}`: public, no login. Says whether the attestation is valid, to whom, for which course and when; nothing more. */
export default function VerificationPage() {
  usePageTitle(verificationText.title);
  const { code = '' } = useParams();
  const result = useCertificateVerification(code);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        {verificationText.title}
      </Typography>
      {result.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Vérification en cours" />
        </Box>
      ) : result.isError ? (
        result.error instanceof ApiError && result.error.status === 404 ? (
          <Alert severity="warning" role="status">
            <AlertTitle component="h2">{verificationText.notFound}</AlertTitle>
            {verificationText.notFoundHelp}
          </Alert>
        ) : (
          <Alert severity="error">{result.error.message}</Alert>
        )
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {result.data.valid ? (
            <Alert severity="success" icon={<VerifiedIcon />} role="status" sx={{ mb: 3 }}>
              <AlertTitle component="h2">{verificationText.valid}</AlertTitle>
              Cette attestation de fin de formation a bien été délivrée par EcoForma.
            </Alert>
          ) : (
            <Alert severity="error" icon={<CancelIcon />} role="status" sx={{ mb: 3 }}>
              <AlertTitle component="h2">{verificationText.revoked}</AlertTitle>
              Révoquée le {formatDay(result.data.revoked?.at)}. Motif : {result.data.revoked?.reason}
            </Alert>
          )}
          <Details result={result.data} />
        </Paper>
      )}
    </Container>
  );
}
