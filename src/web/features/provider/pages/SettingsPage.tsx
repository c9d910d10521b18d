import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { paidAccessOpeningLabels, paidAccessOpenings, type PaidAccessOpening } from '../../../../shared/billing';
import {
  followUpBounds,
  PROVIDER_TEXT_MAX,
  providerFieldLabels,
  providerMessages,
  SIGNATURE_MAX_BYTES,
  vatRegimeLabels,
  vatRegimes,
  type ProviderSettings,
  type ProviderSettingsBody,
  type VatRegime,
} from '../../../../shared/provider';
import { QueryStatus } from '../../../components/QueryStatus';
import { UploadProgress } from '../../../components/FilePicker';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useProviderSettings, useSaveProviderSettings, useSignatureImage, useUploadSignature } from '../api/settings';

type TextKey = 'legal_name' | 'siret' | 'nda' | 'address' | 'postal_code' | 'city' | 'legal_representative' | 'complaints_contact' | 'disability_referent';
type DelayKey = keyof typeof followUpBounds;
type Draft = Record<TextKey, string> & Record<DelayKey, string> & { vat_regime: VatRegime | ''; iban: string; bic: string; paid_access_opening: PaidAccessOpening };

const identityFields: { key: TextKey; label: string; helper?: string; autoComplete?: string }[] = [
  { key: 'legal_name', label: 'Raison sociale', autoComplete: 'organization' },
  { key: 'siret', label: 'SIRET', helper: '14 chiffres, sur l’extrait Kbis ou l’avis de situation Insee.' },
  { key: 'nda', label: 'Numéro de déclaration d’activité', helper: '11 chiffres, sur le récépissé de la préfecture.' },
  { key: 'address', label: 'Adresse', autoComplete: 'street-address' },
  { key: 'postal_code', label: 'Code postal', autoComplete: 'postal-code' },
  { key: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { key: 'legal_representative', label: 'Représentant légal', helper: 'Signataire des attestations, certificats et conventions.' },
  { key: 'complaints_contact', label: 'Contact pour les réclamations', helper: 'Adresse e-mail ou téléphone du service qui traite les réclamations.' },
  { key: 'disability_referent', label: 'Référent handicap', helper: 'Nom et moyen de contact, donnés aux apprenants en situation de handicap.' },
];

const delayFields: { key: DelayKey; label: string; helper: string }[] = [
  { key: 'inactivity_reminder_days', label: 'Relance après inactivité (jours)', helper: 'Un apprenant inactif depuis ce nombre de jours est relancé, puis une seconde fois au double.' },
  { key: 'cold_survey_days', label: 'Enquête à froid après l’achèvement (jours)', helper: 'Délai avant l’envoi du questionnaire sur la mise en pratique.' },
  { key: 'evidence_retention_years', label: 'Conservation des preuves (années)', helper: 'Durée pendant laquelle les preuves de formation sont gardées.' },
];

function toDraft(settings: ProviderSettings): Draft {
  const draft = {} as Draft;
  for (const { key } of identityFields) draft[key] = settings[key] ?? '';
  for (const { key } of delayFields) draft[key] = String(settings[key]);
  draft.vat_regime = settings.vat_regime ?? '';
  draft.iban = settings.iban ?? '';
  draft.bic = settings.bic ?? '';
  draft.paid_access_opening = settings.paid_access_opening;
  return draft;
}

/** Whole numbers only: anything else goes as NaN (null in JSON), and the server's French message explains it. */
const asNumber = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

function SettingsForm({ settings }: { settings: ProviderSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const save = useSaveProviderSettings();
  const set = (key: keyof Draft, value: string) => setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setStatus(null);
    try {
      const body: ProviderSettingsBody = {
        ...(Object.fromEntries(identityFields.map(({ key }) => [key, draft[key]])) as Record<TextKey, string>),
        vat_regime: draft.vat_regime || null,
        inactivity_reminder_days: asNumber(draft.inactivity_reminder_days),
        cold_survey_days: asNumber(draft.cold_survey_days),
        evidence_retention_years: asNumber(draft.evidence_retention_years),
        iban: draft.iban || null,
        bic: draft.bic || null,
        paid_access_opening: draft.paid_access_opening,
      };
      await save.mutateAsync(body);
      setStatus({ severity: 'success', text: providerMessages.saved });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, messages]) => [key, messages[0] ?? ''])));
      }
      setStatus({ severity: 'error', text: error instanceof ApiError ? error.message : 'Échec de l’enregistrement. Veuillez réessayer.' });
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            Identité de l’organisme de formation
          </Typography>
          <Stack spacing={2.5}>
            {identityFields.map(({ key, label, helper, autoComplete }) => (
              <TextField
                key={key}
                label={label}
                value={draft[key]}
                onChange={(event) => set(key, event.target.value)}
                error={Boolean(errors[key])}
                helperText={errors[key] ?? helper}
                autoComplete={autoComplete ?? 'off'}
                slotProps={{ htmlInput: { maxLength: PROVIDER_TEXT_MAX } }}
              />
            ))}
            <TextField
              select
              label="Régime de TVA"
              value={draft.vat_regime}
              onChange={(event) => set('vat_regime', event.target.value)}
              error={Boolean(errors.vat_regime)}
              helperText={errors.vat_regime ?? 'Il détermine la mention de TVA portée sur les factures.'}
            >
              {vatRegimes.map((regime) => (
                <MenuItem key={regime} value={regime}>
                  {vatRegimeLabels[regime]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            Vente et paiement
          </Typography>
          <Stack spacing={2.5}>
            <TextField
              label="IBAN"
              value={draft.iban}
              onChange={(event) => set('iban', event.target.value)}
              error={Boolean(errors.iban)}
              helperText={errors.iban ?? 'Imprimé sur les factures pour le paiement par virement.'}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 42 } }}
            />
            <TextField
              label="BIC"
              value={draft.bic}
              onChange={(event) => set('bic', event.target.value)}
              error={Boolean(errors.bic)}
              helperText={errors.bic ?? '8 ou 11 caractères, sur le relevé d’identité bancaire.'}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 11 } }}
            />
            <TextField
              select
              label="Ouverture de l’accès à une formation payante"
              value={draft.paid_access_opening}
              onChange={(event) => set('paid_access_opening', event.target.value)}
              error={Boolean(errors.paid_access_opening)}
              helperText={errors.paid_access_opening ?? 'Après la signature du contrat de formation par un particulier.'}
            >
              {paidAccessOpenings.map((opening) => (
                <MenuItem key={opening} value={opening}>
                  {paidAccessOpeningLabels[opening]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            Suivi des apprenants
          </Typography>
          <Stack spacing={2.5}>
            {delayFields.map(({ key, label, helper }) => (
              <TextField
                key={key}
                label={label}
                value={draft[key]}
                onChange={(event) => set(key, event.target.value)}
                error={Boolean(errors[key])}
                helperText={errors[key] ?? helper}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: followUpBounds[key].min, max: followUpBounds[key].max } }}
              />
            ))}
          </Stack>
        </Paper>
        {status && (
          <Alert severity={status.severity} role={status.severity === 'success' ? 'status' : 'alert'}>
            {status.text}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Enregistrer les paramètres
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The representative's signature, printed on every document: see the current one, send another. */
function SignatureSettings({ hasSignature }: { hasSignature: boolean }) {
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const stored = useSignatureImage(hasSignature);
  const upload = useUploadSignature();
  const [storedUrl, setStoredUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!stored.data) return;
    const url = URL.createObjectURL(stored.data);
    setStoredUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [stored.data]);

  function choose(chosen: File | undefined) {
    setStatus(null);
    if (!chosen) return;
    if (chosen.size > SIGNATURE_MAX_BYTES) {
      setStatus({ severity: 'error', text: providerMessages.signatureTooLarge });
      return;
    }
    setFile(chosen);
  }

  async function send() {
    if (!file) return;
    setStatus(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      setFile(null);
      if (input.current) input.current.value = '';
      setStatus({ severity: 'success', text: 'La signature est enregistrée.' });
    } catch (error) {
      setStatus({ severity: 'error', text: error instanceof ApiError ? error.message : 'Échec de l’envoi de la signature. Veuillez réessayer.' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Signature du représentant légal
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        PNG ou JPEG, 1 Mo au plus, sur fond blanc. Elle figure sur les attestations, les certificats de réalisation et les conventions.
      </Typography>
      {storedUrl ? (
        <Box component="img" src={storedUrl} alt="Signature enregistrée" sx={{ display: 'block', maxWidth: '100%', maxHeight: 120, mb: 2, border: 1, borderColor: 'divider' }} />
      ) : (
        !hasSignature && <Typography sx={{ mb: 2 }}>Aucune signature n’est enregistrée.</Typography>
      )}
      <Typography component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
        Choisir l’image de la signature
      </Typography>
      <input id={inputId} ref={input} type="file" accept="image/png,image/jpeg" disabled={upload.isPending} onChange={(event) => choose(event.target.files?.[0])} />
      <Box sx={{ mt: 1.5 }}>
        <Button variant="contained" onClick={() => void send()} disabled={!file || upload.isPending}>
          Envoyer la signature
        </Button>
      </Box>
      {progress !== null && <UploadProgress percent={progress} label="Envoi de la signature" />}
      {status && (
        <Alert severity={status.severity} role={status.severity === 'success' ? 'status' : 'alert'} sx={{ mt: 2 }}>
          {status.text}
        </Alert>
      )}
    </Paper>
  );
}

export default function SettingsPage() {
  usePageTitle('Paramètres de l’organisme');
  const settings = useProviderSettings();
  const data = useFirstArrival(settings.data);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, color: 'primary.dark', mb: 1 }}>
        Paramètres de l’organisme
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Ces informations figurent sur chaque document remis aux apprenants, aux organisations et aux financeurs.
      </Typography>
      {data ? (
        <Stack spacing={3}>
          {data.missing.length > 0 ? (
            <Alert severity="warning">
              Les documents (attestations, certificats de réalisation, convocations, factures) ne peuvent pas être établis tant qu’il manque : {data.missing.map((field) => providerFieldLabels[field]).join(', ')}.
            </Alert>
          ) : (
            <Alert severity="success">Les paramètres sont complets : les documents peuvent être établis.</Alert>
          )}
          <SettingsForm settings={data} />
          <SignatureSettings hasSignature={data.has_signature} />
        </Stack>
      ) : (
        <QueryStatus query={settings} loadingLabel="Chargement des paramètres" errorMessage={settings.error?.message ?? 'Les paramètres n’ont pas pu être chargés.'} />
      )}
    </Container>
  );
}
