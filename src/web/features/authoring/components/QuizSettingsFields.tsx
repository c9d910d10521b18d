import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DEFAULT_PASS_MARK, type QuizSettings } from '../../../../shared/quiz';
import { lessonBasicsBody, lessonBasicsDefaults, lessonBasicsFields, PreviewSwitch, typedNumber, type LessonBasicsValues } from './LessonBasicsFields';

/** The form of a quiz lesson: numbers are typed as text, the server says what is wrong with them. */
export interface QuizSettingsValues extends LessonBasicsValues {
  pass_mark: string;
  /** Empty: unlimited. */
  max_attempts: string;
}

export const quizSettingsFields = [...lessonBasicsFields, 'pass_mark', 'max_attempts'] as const;

export function quizSettingsDefaults(lesson?: { title: string; duration_minutes: number; is_preview: boolean }, quiz?: QuizSettings): QuizSettingsValues {
  return {
    ...lessonBasicsDefaults(lesson),
    pass_mark: String(quiz?.pass_mark ?? DEFAULT_PASS_MARK),
    max_attempts: quiz?.max_attempts ? String(quiz.max_attempts) : '',
  };
}

export function quizSettingsBody(values: QuizSettingsValues) {
  return {
    ...lessonBasicsBody(values),
    pass_mark: typedNumber(values.pass_mark),
    max_attempts: values.max_attempts.trim() === '' ? null : typedNumber(values.max_attempts),
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
      <Controller control={control} name="is_preview" render={({ field }) => <PreviewSwitch field={field} />} />
    </Stack>
  );
}
