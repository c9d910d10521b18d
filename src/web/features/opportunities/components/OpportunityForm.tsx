import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { categories, type CategorySlug } from '../../../../shared/categories';
import {
  OPPORTUNITY_DESCRIPTION_MAX,
  OPPORTUNITY_LOCATION_MAX,
  OPPORTUNITY_TITLE_MAX,
  opportunityTypeLabels,
  opportunityTypes,
  type Opportunity,
  type OpportunityBody,
  type OpportunityType,
} from '../../../../shared/opportunities';
import { regions, type RegionSlug } from '../../../../shared/regions';
import { ApiError } from '../../../lib/api-client';

interface Draft {
  title: string;
  description: string;
  type: OpportunityType | '';
  region: RegionSlug | '';
  domains: CategorySlug[];
  location: string;
  remote: boolean;
  deadline: string;
}

const fromOpportunity = (o: Opportunity | undefined): Draft => ({
  title: o?.title ?? '',
  description: o?.description ?? '',
  type: o?.type ?? '',
  region: o?.region ?? '',
  domains: o?.domains ?? [],
  location: o?.location ?? '',
  remote: o?.remote ?? false,
  deadline: o?.deadline ?? '',
});

/** The posting form of organisations and administrators, for a new opportunity or a change to one. */
export function OpportunityForm({ initial, submitLabel, onSubmit }: { initial?: Opportunity; submitLabel: string; onSubmit: (body: OpportunityBody) => Promise<unknown> }) {
  const [draft, setDraft] = useState<Draft>(() => fromOpportunity(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const domainsLabelId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await onSubmit({
        title: draft.title,
        description: draft.description,
        type: draft.type as OpportunityType,
        region: draft.region as RegionSlug,
        domains: draft.domains,
        location: draft.location,
        remote: draft.remote,
        deadline: draft.deadline || null,
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, messages]) => [key.split('.')[0]!, messages[0] ?? ''])));
      }
      setFailure(error instanceof ApiError ? error.message : 'Échec de l’enregistrement. Veuillez réessayer.');
    } finally {
      setPending(false);
    }
  }

  const toggleDomain = (slug: CategorySlug, on: boolean) => setDraft({ ...draft, domains: on ? [...draft.domains, slug] : draft.domains.filter((d) => d !== slug) });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2.5}>
        <TextField select required label="Type" value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as OpportunityType })} error={Boolean(errors.type)} helperText={errors.type}>
          {opportunityTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {opportunityTypeLabels[type]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label="Titre"
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { maxLength: OPPORTUNITY_TITLE_MAX } }}
        />
        <TextField
          required
          multiline
          minRows={5}
          label="Description"
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description ?? 'Missions, profil recherché, conditions.'}
          slotProps={{ htmlInput: { maxLength: OPPORTUNITY_DESCRIPTION_MAX } }}
        />
        <TextField select required label="Région" value={draft.region} onChange={(event) => setDraft({ ...draft, region: event.target.value as RegionSlug })} error={Boolean(errors.region)} helperText={errors.region}>
          {regions.map((region) => (
            <MenuItem key={region.slug} value={region.slug}>
              {region.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" required error={Boolean(errors.domains)}>
          <FormLabel component="legend" id={domainsLabelId}>
            Domaines
          </FormLabel>
          <FormGroup aria-labelledby={domainsLabelId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {categories.map((category) => (
              <FormControlLabel key={category.slug} control={<Checkbox checked={draft.domains.includes(category.slug)} onChange={(event) => toggleDomain(category.slug, event.target.checked)} />} label={category.name} />
            ))}
          </FormGroup>
          {errors.domains && <FormHelperText>{errors.domains}</FormHelperText>}
        </FormControl>
        <TextField
          label="Lieu (facultatif)"
          value={draft.location}
          onChange={(event) => setDraft({ ...draft, location: event.target.value })}
          error={Boolean(errors.location)}
          helperText={errors.location}
          slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LOCATION_MAX } }}
        />
        <FormControlLabel control={<Checkbox checked={draft.remote} onChange={(event) => setDraft({ ...draft, remote: event.target.checked })} />} label="Télétravail possible" />
        <TextField
          label="Date limite (facultative)"
          type="date"
          value={draft.deadline}
          onChange={(event) => setDraft({ ...draft, deadline: event.target.value })}
          error={Boolean(errors.deadline)}
          helperText={errors.deadline ?? 'Dernier jour pour répondre.'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
