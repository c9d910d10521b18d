import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DEFAULT_PASS_MARK, DEFAULT_SHOW_CORRECTION, showCorrectionLabels, showCorrectionValues, type QuizSettings, type ShowCorrection } from '../../../../shared/quiz';
import { lessonBasicsBody, lessonBasicsDefaults, lessonBasicsFields, PreviewSwitch, typedNumber, type LessonBasicsValues } from './LessonBasicsFields';

/** The form of a quiz lesson: numbers are typed as text, the server says what is wrong with them. */
export interface QuizSettingsValues extends LessonBasicsValues {
  pass_mark: string;
  /** Empty: unlimited. */
  max_attempts: string;
  show_correction: ShowCorrection;
  shuffle_options: boolean;
  positioning: boolean;
}

export const quizSettingsFields = [...lessonBasicsFields, 'pass_mark', 'max_attempts', 'show_correction', 'shuffle_options', 'positioning'] as const;

export function quizSettingsDefaults(lesson?: { title: string; duration_minutes: number; is_preview: boolean }, quiz?: QuizSettings): QuizSettingsValues {
  return {
    ...lessonBasicsDefaults(lesson),
    pass_mark: String(quiz?.pass_mark ?? DEFAULT_PASS_MARK),
    max_attempts: quiz?.max_attempts ? String(quiz.max_attempts) : '',
    show_correction: quiz?.show_correction ?? DEFAULT_SHOW_CORRECTION,
    shuffle_options: quiz?.shuffle_options ?? false,
    positioning: quiz?.positioning ?? false,
  };
}

export function quizSettingsBody(values: QuizSettingsValues) {
  return {
    ...lessonBasicsBody(values),
    pass_mark: typedNumber(values.pass_mark),
    max_attempts: values.max_attempts.trim() === '' ? null : typedNumber(values.max_attempts),
    show_correction: values.show_correction,
    shuffle_options: values.shuffle_options,
    positioning: values.positioning,
  };
}

export function QuizSettingsFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<QuizSettingsValues>;
  control: Control<QuizSettingsValues>;
  errors: FieldErrors<QuizSettingsValues>;
}) {
  return (
    <Stack spacing={2}>
      <TextField {...register('title')} label="Titre du quiz" fullWidth error={Boolean(errors.title)} helperText={errors.title?.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...register('duration_minutes')}
          label="Durée (en minutes)"
          inputMode="numeric"
          error={Boolean(errors.duration_minutes)}
          helperText={errors.duration_minutes?.message}
        />
        <TextField
          {...register('pass_mark')}
          label="Seuil de réussite (%)"
          inputMode="numeric"
          error={Boolean(errors.pass_mark)}
          helperText={errors.pass_mark?.message ?? 'Par défaut 80 %.'}
        />
        <TextField
          {...register('max_attempts')}
          label="Nombre de tentatives"
          inputMode="numeric"
          error={Boolean(errors.max_attempts)}
          helperText={errors.max_attempts?.message ?? 'Laissez vide pour un nombre illimité.'}
        />
      </Stack>
      <Controller
        control={control}
        name="show_correction"
        render={({ field }) => (
          <TextField
            select
            label="Afficher la correction"
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            inputRef={field.ref}
            error={Boolean(errors.show_correction)}
            helperText={errors.show_correction?.message ?? "Les bonnes réponses et les explications. Avant, l'apprenant voit seulement les questions à revoir."}
          >
            {showCorrectionValues.map((value) => (
              <MenuItem key={value} value={value}>
                {showCorrectionLabels[value]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="shuffle_options"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
            label="Mélanger les réponses à chaque tentative"
          />
        )}
      />
      <Controller
        control={control}
        name="positioning"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref, 'aria-describedby': 'positionnement-aide' } }} />}
            label="Test de positionnement"
          />
        )}
      />
      <FormHelperText id="positionnement-aide" sx={{ mt: '0 !important' }} error={Boolean(errors.positioning)}>
        {errors.positioning?.message ?? "Proposé avant la première leçon pour situer le niveau de départ ; jamais obligatoire, il ne compte pas dans la progression. Vous voyez le score de chaque personne inscrite."}
      </FormHelperText>
      <Controller control={control} name="is_preview" render={({ field }) => <PreviewSwitch field={field} />} />
    </Stack>
  );
}
