import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Controller, useFormContext } from 'react-hook-form';

/**
 * What every lesson has, whatever its type (text, video, PDF, quiz). Numbers are typed as text:
 * the server says what is wrong with them, in French.
 */
export interface LessonBasicsValues {
  title: string;
  duration_minutes: string;
  is_preview: boolean;
}

export const lessonBasicsFields = ['title', 'duration_minutes', 'is_preview'] as const;

export const SAVE_FAILED = "La leçon n'a pas pu être enregistrée. Réessayez.";

export function lessonBasicsDefaults(lesson?: { title: string; duration_minutes: number; is_preview: boolean }): LessonBasicsValues {
  return { title: lesson?.title ?? '', duration_minutes: lesson ? String(lesson.duration_minutes) : '', is_preview: lesson?.is_preview ?? false };
}

/** Empty or non-numeric text goes as NaN (null in JSON), so the server answers with its French message. */
export function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.replace(',', '.'));
}

export function lessonBasicsBody(values: LessonBasicsValues) {
  return { title: values.title, duration_minutes: typedNumber(values.duration_minutes), is_preview: values.is_preview };
}

/** The "Aperçu gratuit" switch, for the field of a react-hook-form Controller. */
export function PreviewSwitch({
  field,
  disabled = false,
}: {
  field: { value: boolean; onChange: (checked: boolean) => void; ref: Ref<HTMLInputElement> };
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={field.value} disabled={disabled} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
      label="Aperçu gratuit"
    />
  );
}

/** Title, duration and free preview of a text, video or PDF lesson, inside the form's FormProvider. */
export function LessonBasicsFields({ disabled = false }: { disabled?: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<LessonBasicsValues>();
  return (
    <>
      <TextField {...register('title')} label="Titre de la leçon" fullWidth disabled={disabled} error={Boolean(errors.title)} helperText={errors.title?.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          {...register('duration_minutes')}
          label="Durée (en minutes)"
          inputMode="numeric"
          disabled={disabled}
          sx={{ width: { sm: 220 } }}
          error={Boolean(errors.duration_minutes)}
          helperText={errors.duration_minutes?.message}
        />
        <Controller control={control} name="is_preview" render={({ field }) => <PreviewSwitch field={field} disabled={disabled} />} />
      </Stack>
      {errors.is_preview && (
        <Typography color="error" variant="body2">
          {errors.is_preview.message}
        </Typography>
      )}
    </>
  );
}
