import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '../../../components/icons/AttachFile';
import ImageIcon from '../../../components/icons/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { categories } from '../../../../shared/categories';
import { COURSE_CREATED_MESSAGE_MS } from '../../../../shared/constants';
import {
  COURSE_ATTACHMENT_ACCEPT,
  COURSE_IMAGE_ACCEPT,
  amountText,
  checkCourseAttachment,
  checkCourseImage,
  courseCreateFieldsSchema,
  courseMessages,
  type CourseDetail,
} from '../../../../shared/courses';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages, setServerErrors } from '../../../lib/form-errors';
import { formatFileSize } from '../../../../shared/french-format';
import type { CourseFormFields } from '../api/course-form-data';
import { useCreateCourse } from '../api/create-course';
import { useUpdateCourse } from '../api/update-course';
import { CourseImage } from './CourseImage';
import { courseImageAlt } from './course-text';
import { ChosenFile, FilePicker, UploadProgress } from '../../../components/FilePicker';
import { textFieldProps } from '../../../lib/form-fields';

type FormInput = z.input<typeof courseCreateFieldsSchema>;
type FormOutput = z.output<typeof courseCreateFieldsSchema>;
const textFields = ['title', 'description', 'category', 'price', 'discountPrice', 'duration'] as const;

function initialValues(course: CourseDetail | undefined): FormInput {
  if (!course) {
    // The category stays empty until one is chosen; the schema refuses it meanwhile.
    return { title: '', description: '', category: '' as FormInput['category'], price: '', discountPrice: '', duration: '' };
  }
  return {
    title: course.title,
    description: course.description,
    category: course.category.slug as FormInput['category'],
    price: amountText(course.price),
    discountPrice: course.discountPrice === null ? '' : amountText(course.discountPrice),
    duration: course.duration,
  };
}

/** An object URL for the chosen image, released when it changes or the form closes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The course form of spec section 2 'Course creation', for a new course or (with `course`) an
 * existing one: the shared schema's French messages, files checked before sending, real progress.
 */
export function CourseForm({ course, onDone }: { course?: CourseDetail; onDone: (saved: CourseDetail) => void }) {
  const editing = Boolean(course);
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(courseCreateFieldsSchema),
    defaultValues: initialValues(course),
    mode: 'onTouched',
  });
  const { control, formState, setError, getValues, handleSubmit } = form;

  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const [removeAttachment, setRemoveAttachment] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const successTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const preview = usePreviewUrl(image);

  useEffect(
    () => () => {
      if (successTimer.current) clearTimeout(successTimer.current);
    },
    [],
  );

  const busy = progress !== null || success !== null;

  function chooseImage(file: File | undefined) {
    if (!file) return;
    const problem = checkCourseImage(file);
    setImageError(problem);
    setImage(problem ? null : file);
  }

  function chooseAttachment(file: File | undefined) {
    if (!file) return;
    const problem = checkCourseAttachment(file);
    setAttachmentError(problem);
    setAttachment(problem ? null : file);
  }

  function showServerError(error: unknown) {
    setProgress(null);
    if (!(error instanceof ApiError)) {
      setServerError((error as Error).message || "Une erreur s'est produite. Veuillez réessayer.");
      return;
    }
    const { image, attachment, ...texts } = serverFieldMessages(error, [...textFields, 'image', 'attachment']);
    // The files are not react-hook-form fields: their messages go under their pickers.
    if (image) setImageError(image);
    if (attachment) setAttachmentError(attachment);
    setServerErrors(setError, texts);
    setServerError(error.message);
  }

  const submit = handleSubmit(() => {
    if (!editing && !image) {
      setImageError(courseMessages.imageRequired);
      return;
    }
    setServerError(null);
    setProgress(0);
    // The raw text goes to the server, which applies the same schema ('69,90' stays a French amount).
    const values = getValues();
    const fields: CourseFormFields = {
      title: values.title,
      description: values.description,
      category: values.category,
      price: values.price,
      discountPrice: values.discountPrice ?? '',
      duration: values.duration,
    };
    const done = (saved: CourseDetail) => {
      setProgress(100);
      setSuccess(editing ? 'Cours mis à jour avec succès !' : 'Brouillon créé : ajoutez maintenant ses chapitres et ses leçons.');
      successTimer.current = setTimeout(() => onDone(saved), COURSE_CREATED_MESSAGE_MS);
    };
    if (course) {
      update.mutate(
        { id: course.id, fields, image, attachment, removeAttachment: removeAttachment && !attachment, onProgress: setProgress },
        { onSuccess: done, onError: showServerError },
      );
    } else {
      create.mutate({ fields, image, attachment, onProgress: setProgress }, { onSuccess: done, onError: showServerError });
    }
  }, () => {
    if (!editing && !image) setImageError(courseMessages.imageRequired);
  });

  const errors = formState.errors;
  const textProps = (name: 'title' | 'description' | 'price' | 'discountPrice' | 'duration') => ({ ...textFieldProps(form, name), disabled: busy });
  const currentAttachment = course?.attachment && !removeAttachment && !attachment ? course.attachment : null;

  return (
    <Paper component="form" variant="outlined" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <TextField label="Titre du cours" required fullWidth {...textProps('title')} />
        <TextField label="Description" required fullWidth multiline minRows={5} {...textProps('description')} />

        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Catégorie"
              required
              fullWidth
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              disabled={busy}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Choisissez une catégorie
              </option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </TextField>
          )}
        />

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Prix (en €)"
            required
            fullWidth
            {...textProps('price')}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
          />
          <TextField
            label="Prix remisé (en €, facultatif)"
            fullWidth
            {...textProps('discountPrice')}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
          />
        </Stack>

        <TextField
          label="Rythme conseillé"
          required
          fullWidth
          placeholder="ex. 4 semaines"
          {...textProps('duration')}
          helperText={errors.duration?.message ?? 'Affiché « à suivre sur 4 semaines » ; la durée du cours est la somme de celles de ses leçons.'}
        />

        <Box>
          <FilePicker
            // Required when creating, as the other starred fields (issue 25).
            label={editing ? 'Image du cours' : 'Image du cours *'}
            hint="JPEG, PNG ou WebP, 5 Mo au maximum."
            accept={COURSE_IMAGE_ACCEPT}
            buttonText={editing ? 'Remplacer' : 'Choisir une image'}
            icon={<ImageIcon fontSize="large" />}
            disabled={busy}
            error={imageError}
            onChoose={chooseImage}
          />
          {(preview || course?.image) && (
            <Stack direction="row" useFlexGap spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box sx={{ width: 200, maxWidth: '100%', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', flexShrink: 0 }}>
                {preview ? (
                  <Box component="img" src={preview} alt={`Aperçu de l'image choisie : ${image?.name ?? ''}`} sx={{ display: 'block', width: '100%', height: 120, objectFit: 'cover' }} />
                ) : (
                  course && <CourseImage src={course.image} alt={`Image actuelle : ${courseImageAlt(course)}`} height={120} authenticated={course.status !== 'published'} />
                )}
              </Box>
              {image && (
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{image.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatFileSize(image.size)}
                  </Typography>
                  <Button size="small" onClick={() => setImage(null)} disabled={busy} aria-label={`Retirer l'image ${image.name}`}>
                    Retirer
                  </Button>
                </Box>
              )}
            </Stack>
          )}
        </Box>

        <Stack spacing={1.5}>
          <FilePicker
            label="Pièce jointe (vidéo, PDF ou Word)"
            hint="Facultatif. MP4, WebM, MOV, PDF, DOC ou DOCX, 200 Mo au maximum."
            accept={COURSE_ATTACHMENT_ACCEPT}
            buttonText="Choisir un fichier"
            icon={<AttachFileIcon fontSize="large" />}
            disabled={busy}
            error={attachmentError}
            onChoose={chooseAttachment}
          />
          {attachment && (
            <ChosenFile name={attachment.name} size={attachment.size} disabled={busy} onRemove={() => setAttachment(null)} removeLabel={`Retirer le fichier ${attachment.name}`} />
          )}
          {currentAttachment && (
            <ChosenFile
              name={currentAttachment.name}
              size={currentAttachment.size}
              disabled={busy}
              onRemove={() => setRemoveAttachment(true)}
              removeLabel={`Supprimer la pièce jointe actuelle ${currentAttachment.name}`}
            />
          )}
          {removeAttachment && !attachment && course?.attachment && (
            <Alert severity="info" action={<Button onClick={() => setRemoveAttachment(false)}>Annuler</Button>}>
              La pièce jointe « {course.attachment.name} » sera supprimée à l'enregistrement.
            </Alert>
          )}
        </Stack>

        {serverError && <Alert severity="error">{serverError}</Alert>}

        {progress !== null && <UploadProgress percent={progress} label="Progression de l'envoi du cours" />}

        {success && (
          <Alert severity="success" role="status">
            {success}
          </Alert>
        )}

        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {editing ? 'Enregistrer les modifications' : 'Créer le brouillon'}
        </Button>
      </Stack>
    </Paper>
  );
}
