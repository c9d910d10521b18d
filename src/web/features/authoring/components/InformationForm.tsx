import AddIcon from '../../../components/icons/Add';
import DeleteIcon from '../../../components/icons/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { formatDay } from '../../../../shared/french-format';
import type { CourseInformation } from '../../../../shared/learning';
import { ApiError } from '../../../lib/api-client';
import { setServerErrors } from '../../../lib/form-errors';
import { useUpdateInformation } from '../api/update-information';

interface InformationValues {
  /** Objects, because react-hook-form's field arrays key their rows by object. */
  objectives: { text: string }[];
  target_audience: string;
  prerequisites: string;
  assessment_methods: string;
  access_delay: string;
  teaching_methods: string;
  accessibility: string;
  contact: string;
  /** The certification's fields, sent only when the box is ticked. */
  has_certification: boolean;
  certification: { code: string; certifier: string; registered_on: string };
}

const textFields = [
  'target_audience',
  'prerequisites',
  'assessment_methods',
  'access_delay',
  'teaching_methods',
  'accessibility',
  'contact',
  'certification.code',
  'certification.certifier',
  'certification.registered_on',
] as const;

/** The practical information (indicator 1), each with its label and a hint of what to write. */
const practicalFields: { name: 'access_delay' | 'teaching_methods' | 'accessibility' | 'contact'; label: string; hint: string }[] = [
  { name: 'access_delay', label: "Délais d'accès", hint: 'Combien de temps entre la demande et le début de la formation.' },
  { name: 'teaching_methods', label: 'Méthodes mobilisées', hint: 'Leçons, vidéos, quiz, accompagnement du formateur…' },
  { name: 'accessibility', label: 'Accessibilité aux personnes en situation de handicap', hint: 'Adaptations possibles et qui contacter.' },
  { name: 'contact', label: 'Contact', hint: 'Un nom avec une adresse e-mail ou un numéro de téléphone.' },
];
const SAVE_FAILED = "Les informations n'ont pas pu être enregistrées. Réessayez.";

function toValues(info: CourseInformation): InformationValues {
  return {
    objectives: (info.objectives.length > 0 ? info.objectives : ['']).map((text) => ({ text })),
    target_audience: info.target_audience,
    prerequisites: info.prerequisites,
    assessment_methods: info.assessment_methods,
    access_delay: info.access_delay,
    teaching_methods: info.teaching_methods,
    accessibility: info.accessibility,
    contact: info.contact,
    has_certification: info.certification !== null,
    certification: info.certification ?? { code: '', certifier: '', registered_on: '' },
  };
}

/** The server names an objective's error `objectives.N`; the form names its field `objectives.N.text`. */
function fieldMessages(error: ApiError): { fields: Partial<Record<Path<InformationValues>, string>>; list: string | null } {
  const fields: Partial<Record<Path<InformationValues>, string>> = {};
  let list: string | null = null;
  for (const [key, messages] of Object.entries(error.fieldErrors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const objective = /^objectives\.(\d+)$/.exec(key);
    if (objective) fields[`objectives.${Number(objective[1])}.text`] ??= message;
    else if (key === 'objectives') list ??= message;
    else if ((textFields as readonly string[]).includes(key)) fields[key as (typeof textFields)[number]] ??= message;
  }
  return { fields, list };
}

/** "Informations publiques": what the course detail page shows before enrolment (Qualiopi indicator 1). */
export function InformationForm({ courseId, information }: { courseId: number; information: CourseInformation }) {
  const save = useUpdateInformation();
  const [listError, setListError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { register, control, handleSubmit, setError, formState, watch } = useForm<InformationValues>({ defaultValues: toValues(information) });
  const hasCertification = watch('has_certification');
  const objectives = useFieldArray({ control, name: 'objectives' });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    setListError(null);
    setGeneral(null);
    setSaved(false);
    try {
      await save.mutateAsync({
        courseId,
        body: {
          objectives: values.objectives.map((o) => o.text),
          target_audience: values.target_audience,
          prerequisites: values.prerequisites,
          assessment_methods: values.assessment_methods,
          access_delay: values.access_delay,
          teaching_methods: values.teaching_methods,
          accessibility: values.accessibility,
          contact: values.contact,
          certification: values.has_certification ? values.certification : null,
        },
      });
      setSaved(true);
    } catch (error) {
      if (!(error instanceof ApiError)) return setGeneral(SAVE_FAILED);
      const { fields, list } = fieldMessages(error);
      const placed = setServerErrors(setError, fields, { focus: true });
      setListError(list);
      if (!placed && !list) setGeneral(error.status >= 500 || error.status === 0 ? SAVE_FAILED : error.message);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="informations-titre">
      <Typography id="informations-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
        Informations publiques
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Affichées sur la page du cours avant l'inscription.
      </Typography>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Objectifs pédagogiques
        </Typography>
        <Stack spacing={1.5}>
          {objectives.fields.map((field, index) => (
            <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                {...register(`objectives.${index}.text`)}
                label={`Objectif ${index + 1}`}
                fullWidth
                size="small"
                error={Boolean(errors.objectives?.[index]?.text)}
                helperText={errors.objectives?.[index]?.text?.message}
              />
              <IconButton aria-label={`Retirer l'objectif ${index + 1}`} onClick={() => objectives.remove(index)} disabled={objectives.fields.length === 1}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        {listError && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {listError}
          </Typography>
        )}
        <Button startIcon={<AddIcon />} onClick={() => objectives.append({ text: '' }, { shouldFocus: true })} sx={{ mt: 1 }}>
          Ajouter un objectif
        </Button>
      </Box>
      <Stack spacing={2}>
        <TextField {...register('target_audience')} label="Public visé" multiline minRows={2} fullWidth error={Boolean(errors.target_audience)} helperText={errors.target_audience?.message} />
        <TextField {...register('prerequisites')} label="Prérequis" multiline minRows={2} fullWidth error={Boolean(errors.prerequisites)} helperText={errors.prerequisites?.message} />
        <TextField
          {...register('assessment_methods')}
          label="Modalités d'évaluation"
          multiline
          minRows={2}
          fullWidth
          error={Boolean(errors.assessment_methods)}
          helperText={errors.assessment_methods?.message}
        />
      </Stack>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Informations pratiques
      </Typography>
      <Stack spacing={2}>
        {practicalFields.map((field) => (
          <TextField
            key={field.name}
            {...register(field.name)}
            label={field.label}
            multiline={field.name !== 'contact'}
            minRows={field.name !== 'contact' ? 2 : undefined}
            fullWidth
            error={Boolean(errors[field.name])}
            helperText={errors[field.name]?.message ?? field.hint}
          />
        ))}
        <FormControlLabel control={<Checkbox {...register('has_certification')} />} label="Le cours prépare à une certification (RNCP ou RS)" />
        {hasCertification && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...register('certification.code')}
              label="Code de la certification"
              placeholder="RNCP12345"
              error={Boolean(errors.certification?.code)}
              helperText={errors.certification?.code?.message ?? 'RNCP ou RS suivi du numéro.'}
            />
            <TextField {...register('certification.certifier')} label="Certificateur" fullWidth error={Boolean(errors.certification?.certifier)} helperText={errors.certification?.certifier?.message} />
            <TextField
              {...register('certification.registered_on')}
              label="Date d'enregistrement"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.certification?.registered_on)}
              helperText={errors.certification?.registered_on?.message}
            />
          </Stack>
        )}
      </Stack>
      {information.public_info_updated_at && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 2 }}>
          Mis à jour le {formatDay(information.public_info_updated_at)}
        </Typography>
      )}
      {general && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {general}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mt: 2 }}>
          Informations publiques enregistrées.
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
        Enregistrer les informations
      </Button>
    </Box>
  );
}
