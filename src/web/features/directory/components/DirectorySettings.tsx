import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { categories, type CategorySlug } from '../../../../shared/categories';
import {
  DIRECTORY_HEADLINE_MAX,
  directoryFieldLabels,
  directoryFields,
  directoryMessages,
  TRAINER_BIO_MAX,
  type DirectoryField,
  type MyDirectoryEntry,
} from '../../../../shared/directory';
import { regions, type RegionSlug } from '../../../../shared/regions';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { useMyDirectory } from '../api/get-my-directory';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation-rules';
import { useSaveDirectory } from '../api/save-directory';

interface Draft {
  visible: boolean;
  fields: DirectoryField[];
  accepts_messages: boolean;
  headline: string;
  region: RegionSlug | '';
  domains: CategorySlug[];
  bio: string;
}

const toDraft = (entry: MyDirectoryEntry): Draft => ({
  visible: entry.visible,
  fields: entry.fields,
  accepts_messages: entry.accepts_messages,
  headline: entry.headline ?? '',
  region: entry.region ?? '',
  domains: entry.domains,
  bio: entry.bio ?? '',
});

const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));

/**
 * "Figurer dans l'annuaire": nobody is listed before choosing to be; the person picks what the
 * other members see and whether they accept messages. An approved trainer also writes the
 * presentation of their public page here.
 */
export function DirectorySettings({ isApprovedTrainer = false, trainerId }: { isApprovedTrainer?: boolean; trainerId?: number }) {
  const headingId = useId();
  const entry = useMyDirectory();
  if (entry.isPending) return <CircularProgress size={28} aria-label="Chargement de vos choix pour l’annuaire" />;
  if (entry.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void entry.refetch()}>Réessayer</Button>}>
        Impossible de charger vos choix pour l’annuaire.
      </Alert>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} id="annuaire">
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Annuaire
      </Typography>
      {entry.data.moderation === 'hidden' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {HIDDEN_BY_MODERATION} : votre fiche n’apparaît plus dans l’annuaire, quels que soient vos choix. La décision et ses motifs vous ont été notifiés ; vous pouvez la contester depuis cette notification.
        </Alert>
      )}
      <DirectoryForm entry={entry.data} isApprovedTrainer={isApprovedTrainer} trainerId={trainerId} />
    </Box>
  );
}

function DirectoryForm({ entry, isApprovedTrainer, trainerId }: { entry: MyDirectoryEntry; isApprovedTrainer: boolean; trainerId?: number | undefined }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(entry));
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDirectory();
  const fieldsLabelId = useId();
  const domainsLabelId = useId();
  useEffect(() => setDraft(toDraft(entry)), [entry]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setStatus(null);
    setErrors({});
    try {
      await save.mutateAsync({
        visible: draft.visible,
        fields: draft.fields,
        accepts_messages: draft.accepts_messages,
        headline: draft.headline,
        region: draft.region || null,
        domains: draft.domains,
        bio: draft.bio,
      });
      setStatus({ severity: 'success', text: directoryMessages.saved });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, messages]) => [key.split('.')[0]!, messages[0] ?? ''])));
      }
      setStatus({ severity: 'error', text: error instanceof ApiError ? error.message : 'Échec de l’enregistrement. Veuillez réessayer.' });
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Vous n’apparaissez dans l’annuaire des membres que si vous le choisissez, avec les seules informations que vous cochez. Votre adresse e-mail n’y figure jamais.
      </Typography>
      <Stack spacing={2.5}>
        <FormControlLabel
          control={<Switch checked={draft.visible} onChange={(event) => setDraft({ ...draft, visible: event.target.checked })} />}
          label="Figurer dans l’annuaire"
        />
        <FormControlLabel
          control={<Switch checked={draft.accepts_messages} onChange={(event) => setDraft({ ...draft, accepts_messages: event.target.checked })} />}
          label="Accepter les messages des autres membres de l’annuaire"
        />
        <FormControl component="fieldset">
          <FormLabel component="legend" id={fieldsLabelId}>
            Informations montrées (votre nom l’est toujours)
          </FormLabel>
          <FormGroup aria-labelledby={fieldsLabelId}>
            {directoryFields.map((field) => (
              <FormControlLabel
                key={field}
                control={<Checkbox checked={draft.fields.includes(field)} onChange={(event) => setDraft({ ...draft, fields: toggle(draft.fields, field, event.target.checked) })} />}
                label={directoryFieldLabels[field]}
              />
            ))}
          </FormGroup>
        </FormControl>
        <TextField
          label="Titre"
          helperText={errors.headline ?? `Votre métier ou votre activité, ${DIRECTORY_HEADLINE_MAX} caractères au plus.`}
          error={Boolean(errors.headline)}
          value={draft.headline}
          onChange={(event) => setDraft({ ...draft, headline: event.target.value })}
          slotProps={{ htmlInput: { maxLength: DIRECTORY_HEADLINE_MAX } }}
        />
        <TextField select label="Région" value={draft.region} onChange={(event) => setDraft({ ...draft, region: event.target.value as RegionSlug | '' })} error={Boolean(errors.region)} helperText={errors.region}>
          <MenuItem value="">Non précisée</MenuItem>
          {regions.map((region) => (
            <MenuItem key={region.slug} value={region.slug}>
              {region.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset">
          <FormLabel component="legend" id={domainsLabelId}>
            Domaines de la transition écologique
          </FormLabel>
          <FormGroup aria-labelledby={domainsLabelId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {categories.map((category) => (
              <FormControlLabel
                key={category.slug}
                control={<Checkbox checked={draft.domains.includes(category.slug)} onChange={(event) => setDraft({ ...draft, domains: toggle(draft.domains, category.slug, event.target.checked) })} />}
                label={category.name}
              />
            ))}
          </FormGroup>
        </FormControl>
        {isApprovedTrainer && (
          <TextField
            label="Présentation (page publique de formateur)"
            multiline
            minRows={4}
            value={draft.bio}
            onChange={(event) => setDraft({ ...draft, bio: event.target.value })}
            error={Boolean(errors.bio)}
            helperText={
              errors.bio ?? (
                <>
                  {`${TRAINER_BIO_MAX} caractères au plus. `}
                  {trainerId !== undefined && (
                    <Link component={RouterLink} underline="always" to={webPaths.trainerPublic(trainerId)}>
                      Voir ma page publique
                    </Link>
                  )}
                </>
              )
            }
            slotProps={{ htmlInput: { maxLength: TRAINER_BIO_MAX } }}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Enregistrer mes choix
          </Button>
        </Box>
        {status && (
          <Alert severity={status.severity} role={status.severity === 'success' ? 'status' : 'alert'}>
            {status.text}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
