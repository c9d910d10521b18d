import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { organisationMessages } from '../../../../shared/organisations';

interface InvitationAnswerFormProps {
  organisationName: string;
  /** The form's accessible name. */
  label: string;
  pending: boolean;
  error: Error | null;
  onAnswer(accept: boolean): void;
  /** What the invitation says, above the consent. */
  children?: ReactNode;
}

/**
 * Joining an organisation, with the consent to share one's progress, or declining (decision
 * 025): the same form on /rejoindre and in the profile's pending invitations.
 */
export function InvitationAnswerForm({ organisationName, label, pending, error, onAnswer, children }: InvitationAnswerFormProps) {
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const consentRef = useRef<HTMLInputElement>(null);
  const helpId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!consent) {
      setConsentError(true);
      consentRef.current?.focus();
      return;
    }
    onAnswer(true);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      {children}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      <FormControl error={consentError} required sx={{ mb: 2 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={consent}
              onChange={(event) => {
                setConsent(event.target.checked);
                setConsentError(false);
              }}
              slotProps={{ input: { ref: consentRef, 'aria-describedby': consentError ? helpId : undefined } as never }}
            />
          }
          label={`J'accepte de partager ma progression avec ${organisationName}.`}
        />
        {consentError && <FormHelperText id={helpId}>{organisationMessages.consentRequired}</FormHelperText>}
      </FormControl>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={pending}>
          Rejoindre l'organisation
        </Button>
        <Button variant="outlined" color="inherit" disabled={pending} onClick={() => onAnswer(false)}>
          Refuser l'invitation
        </Button>
      </Box>
    </Box>
  );
}
