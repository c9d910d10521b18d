import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDay } from '../../../../shared/french-format';
import { APPLICATION_MESSAGE_MAX, opportunityMessages } from '../../../../shared/opportunities';
import { ApiError } from '../../../lib/api-client';
import { useMyAttestations } from '../../directory';
import { useRespond } from '../api/respond';

/**
 * The answer to an opportunity: a message and, for an application, the attestations the person
 * chooses to show (none is shown unless ticked). A training request takes an approved trainer's proposal.
 */
export function RespondForm({ opportunityId, kind }: { opportunityId: number; kind: 'application' | 'proposal' }) {
  const [message, setMessage] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const respond = useRespond();
  const headingId = useId();
  const attestationsLabelId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (kind === 'application') await respond.mutateAsync({ id: opportunityId, kind, body: { message, certificate_codes: codes } });
      else await respond.mutateAsync({ id: opportunityId, kind, body: { message } });
      setDone(true);
    } catch (failure) {
      const field = failure instanceof ApiError && failure.fieldErrors ? Object.keys(failure.fieldErrors)[0] : undefined;
      setError({ ...(field ? { field } : {}), text: failure instanceof ApiError ? failure.message : 'Échec de l’envoi. Veuillez réessayer.' });
    }
  }

  if (done) {
    return (
      <Alert severity="success" role="status">
        {kind === 'application' ? opportunityMessages.applied : opportunityMessages.proposed}
      </Alert>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 2 }}>
        {kind === 'application' ? 'Candidater' : 'Proposer une formation'}
      </Typography>
      <Stack spacing={2.5}>
        <TextField
          required
          multiline
          minRows={4}
          label={kind === 'application' ? 'Votre message' : 'Votre proposition (programme, durée, modalités)'}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          error={error?.field === 'message'}
          helperText={error?.field === 'message' ? error.text : `${APPLICATION_MESSAGE_MAX} caractères au plus. Votre adresse e-mail n’est pas transmise.`}
          slotProps={{ htmlInput: { maxLength: APPLICATION_MESSAGE_MAX } }}
        />
        {kind === 'application' && <AttestationChoice labelId={attestationsLabelId} codes={codes} onChange={setCodes} />}
        {error && error.field !== 'message' && <Alert severity="error">{error.text}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={respond.isPending}>
            {kind === 'application' ? 'Envoyer ma candidature' : 'Envoyer ma proposition'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function AttestationChoice({ labelId, codes, onChange }: { labelId: string; codes: string[]; onChange: (codes: string[]) => void }) {
  const attestations = useMyAttestations();
  if (attestations.isPending) return <CircularProgress size={24} aria-label="Chargement de vos attestations" />;
  if (attestations.isError) return <Alert severity="warning">Vos attestations n’ont pas pu être chargées : vous pouvez candidater sans elles.</Alert>;
  if (attestations.data.items.length === 0) return <Typography color="text.secondary">Vous n’avez pas encore d’attestation à montrer.</Typography>;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        Attestations à montrer (facultatif)
      </FormLabel>
      <FormGroup aria-labelledby={labelId}>
        {attestations.data.items.map((a) => (
          <FormControlLabel
            key={a.code}
            control={<Checkbox checked={codes.includes(a.code)} onChange={(event) => onChange(event.target.checked ? [...codes, a.code] : codes.filter((c) => c !== a.code))} />}
            label={`${a.course_title} (${formatDay(a.issued_at)})`}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
