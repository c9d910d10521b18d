import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { contractMessages, frenchDay, type ContractView } from '../../../../shared/contracts';
import { formatEuros } from '../../../../shared/french-format';
import { webPaths } from '../../../../shared/web-paths';
import { QueryStatus } from '../../../components/QueryStatus';
import { ApiError, downloadFile } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useAcceptContract } from '../api/accept-contract';
import { useContract } from '../api/get-contract';
import { ScheduleList } from '../components/ScheduleList';

/** /user/courses/:id/contrat: a paid course's contrat de formation, read, accepted (box and typed name) and signed (issue 29). */
export default function ContractPage() {
  const courseId = Number(useParams().id);
  usePageTitle('Contrat de formation');
  const contract = useContract(courseId);
  const data = useFirstArrival(contract.data);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Contrat de formation
      </Typography>
      {!data ? <QueryStatus query={contract} loadingLabel="Chargement du contrat" errorMessage="Impossible de charger le contrat." /> : <ContractView contract={data} />}
    </Container>
  );
}

/** The text as signed: blocks separated by a blank line, each block's first line its heading. */
function ContractText({ text }: { text: string }) {
  const [title, ...blocks] = text.split('\n\n');
  return (
    <Paper variant="outlined" component="article" aria-label="Texte du contrat" tabIndex={0} sx={{ p: { xs: 2, sm: 3 }, maxHeight: 480, overflowY: 'auto', mb: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {blocks.map((block, index) => {
        const [heading, ...lines] = block.split('\n');
        return (
          <Box key={index} sx={{ mb: 2 }}>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: 16 }}>
              {heading}
            </Typography>
            {lines.map((line, i) => (
              <Typography key={i} variant="body2" sx={{ mb: 0.5 }}>
                {line}
              </Typography>
            ))}
          </Box>
        );
      })}
    </Paper>
  );
}

function ContractView({ contract }: { contract: ContractView }) {
  const navigate = useNavigate();
  const accept = useAcceptContract();
  const [accepted, setAccepted] = useState(false);
  const [waiver, setWaiver] = useState(false);
  const [fullName, setFullName] = useState('');
  const [errors, setErrors] = useState<{ accept?: string; full_name?: string }>({});
  const [pdfError, setPdfError] = useState<string | null>(null);
  const failure = accept.error instanceof ApiError ? accept.error : null;

  async function downloadPdf() {
    setPdfError(null);
    try {
      await downloadFile(`/api/courses/${contract.course_id}/contract.pdf`, `contrat-de-formation-${contract.course_id}.pdf`);
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : 'Le téléchargement a échoué.');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!accepted) found.accept = contractMessages.acceptRequired;
    if (!fullName.trim()) found.full_name = contractMessages.fullNameRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    accept.mutate(
      { courseId: contract.course_id, body: { full_name: fullName.trim(), accept: true, ...(contract.waiver_offered ? { waiver } : {}), document_sha256: contract.sha256 } },
      {
        // With card payments on (decision 054) the learner saves their card on Stripe's page, which brings them back here.
        onSuccess: (signed) => (signed.checkout_url ? window.location.assign(signed.checkout_url) : navigate(webPaths.myContracts)),
      },
    );
  }

  const fieldError = failure?.fieldErrors?.full_name?.[0] ?? errors.full_name;
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        Formation « {contract.course_title} », {formatEuros(contract.price_cents / 100)}. Lisez le contrat jusqu’au bout : rien n’est dû avant la fin du délai de rétractation, le{' '}
        {frenchDay(contract.withdrawal_until)}.
      </Typography>
      <ContractText text={contract.text} />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Échéancier
      </Typography>
      <ScheduleList schedule={contract.schedule} />
      <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={downloadPdf}>
          Télécharger le contrat (PDF)
        </Button>
      </Stack>
      {pdfError && <Alert severity="error">{pdfError}</Alert>}
      {contract.signed ? (
        <Alert severity="success" action={<Button component={RouterLink} to={webPaths.myContracts}>Mes contrats</Button>}>
          Vous avez signé ce contrat le {new Date(contract.signed.signed_at).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}.
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Signature du contrat">
          <Stack spacing={2}>
            <FormControlLabel
              control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} slotProps={{ input: { 'aria-describedby': errors.accept ? 'accept-error' : undefined } }} />}
              label="J’ai lu et j’accepte le contrat de formation"
            />
            {errors.accept && (
              <Typography id="accept-error" color="error" variant="body2">
                {errors.accept}
              </Typography>
            )}
            {contract.waiver_offered && (
              <FormControlLabel
                control={<Checkbox checked={waiver} onChange={(e) => setWaiver(e.target.checked)} />}
                label="Je demande à commencer la formation dès maintenant et je renonce expressément à mon droit de rétractation de 14 jours pour ce contenu numérique (article L221-28 du code de la consommation) ; je garde le délai de 10 jours du code du travail."
              />
            )}
            <TextField
              label="Votre nom complet (prénom et nom)"
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              autoComplete="name"
              required
              error={Boolean(fieldError)}
              helperText={fieldError ?? 'Saisissez le prénom et le nom de votre compte : ils valent signature.'}
            />
            {failure && !failure.fieldErrors?.full_name && <Alert severity="error">{failure.message}</Alert>}
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={accept.isPending}>
                Signer le contrat
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </>
  );
}
