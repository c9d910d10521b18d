import ClosedCaptionIcon from '../../../components/icons/ClosedCaption';
import MovieIcon from '../../../components/icons/Movie';
import PictureAsPdfIcon from '../../../components/icons/PictureAsPdf';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  LESSON_CAPTIONS_ACCEPT,
  LESSON_FILE_ACCEPT,
  checkCaptionsChoice,
  checkLessonFileChoice,
  learningMessages,
  type LessonContent,
  type MediaLessonType,
} from '../../../../shared/learning';
import { ChosenFile, FilePicker, UploadProgress } from '../../../components/FilePicker';
import { DialogForm } from '../../../components/FormDialog';
import { serverFieldMessages, applyServerErrors } from '../../../lib/form-errors';
import { formatFileSize } from '../../../../shared/french-format';
import { useUpdateLesson } from '../api/update-lesson';
import { useUploadLessonMedia } from '../api/upload-lesson-media';
import { LessonBasicsFields, lessonBasicsBody, lessonBasicsDefaults, lessonBasicsFields, SAVE_FAILED, type LessonBasicsValues } from './LessonBasicsFields';


const fileTexts: Record<MediaLessonType, { label: string; hint: string }> = {
  video: { label: 'Fichier vidéo', hint: 'MP4 ou WebM, 1 Go au maximum.' },
  pdf: { label: 'Document PDF', hint: 'Un fichier PDF de 50 Mo au maximum.' },
};

/**
 * Adds a video or PDF lesson with its file in one upload (real progress), or edits one: its title,
 * duration and preview flag, a new file, new or removed captions. Errors come in French, under the
 * field they concern (type refused, file too large).
 */
export function MediaLessonForm({
  courseId,
  sectionId,
  type,
  lesson,
  onClose,
  onSaved,
  onPendingChange,
}: {
  courseId: number;
  sectionId: number;
  type: MediaLessonType;
  lesson?: LessonContent;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** Told when a save or an upload starts and ends: the dialog stays open meanwhile. */
  onPendingChange: (pending: boolean) => void;
}) {
  const upload = useUploadLessonMedia();
  const update = useUpdateLesson();
  const [file, setFile] = useState<File | null>(null);
  const [captions, setCaptions] = useState<File | null>(null);
  const [removeCaptions, setRemoveCaptions] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [captionsError, setCaptionsError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<LessonBasicsValues>({ defaultValues: lessonBasicsDefaults(lesson) });
  const { handleSubmit, setError, formState } = form;
  const busy = formState.isSubmitting || progress !== null;
  useEffect(() => onPendingChange(busy), [busy, onPendingChange]);
  const texts = fileTexts[type];

  function chooseFile(chosen: File | undefined) {
    if (!chosen) return;
    const problem = checkLessonFileChoice(chosen, type);
    setFileError(problem);
    setFile(problem ? null : chosen);
  }

  function chooseCaptions(chosen: File | undefined) {
    if (!chosen) return;
    const problem = checkCaptionsChoice(chosen);
    setCaptionsError(problem);
    setCaptions(problem ? null : chosen);
  }

  /** The server's messages under the file pickers, the rest under the form's fields or on top. */
  function showError(error: unknown) {
    const files = serverFieldMessages(error, ['file', 'captions'] as const);
    // A refused file is dropped: the picker comes back with the reason under it.
    if (files.file) {
      setFile(null);
      setFileError(files.file);
    }
    if (files.captions) {
      setCaptions(null);
      setCaptionsError(files.captions);
    }
    const rest = applyServerErrors(error, lessonBasicsFields, setError, SAVE_FAILED);
    if (!files.file && !files.captions) setGeneral(rest);
  }

  const submit = handleSubmit(async (values) => {
    setGeneral(null);
    if (!lesson && !file) {
      setFileError(learningMessages.fileRequired);
      return;
    }
    try {
      if (lesson) {
        await update.mutateAsync({
          courseId,
          lessonId: lesson.id,
          body: lessonBasicsBody(values),
        });
        if (file || captions || removeCaptions) {
          setProgress(0);
          await upload.mutateAsync({ courseId, lessonId: lesson.id, fields: removeCaptions && !captions ? { remove_captions: 'true' } : {}, file, captions, onProgress: setProgress });
        }
      } else {
        setProgress(0);
        await upload.mutateAsync({
          courseId,
          sectionId,
          fields: { title: values.title, type, duration_minutes: values.duration_minutes.trim(), is_preview: String(values.is_preview) },
          file,
          captions,
          onProgress: setProgress,
        });
      }
      onSaved(`Leçon « ${values.title.trim()} » enregistrée.`);
    } catch (error) {
      showError(error);
    } finally {
      setProgress(null);
    }
  });

  return (
    <FormProvider {...form}>
      <DialogForm submitLabel="Enregistrer la leçon" pending={busy} error={general} onSubmit={submit} onClose={onClose}>
        <Stack spacing={2}>
          <LessonBasicsFields disabled={busy} />

          {lesson?.media && (
            <Typography variant="body2" color="text.secondary">
              Fichier actuel : {lesson.media.file_name} ({formatFileSize(lesson.media.size)})
              {type === 'video' && (lesson.media.captions_url ? ', avec sous-titres' : ', sans sous-titres')}
            </Typography>
          )}
          {file ? (
            <ChosenFile name={file.name} size={file.size} disabled={busy} onRemove={() => setFile(null)} removeLabel={`Retirer ${file.name}`} />
          ) : (
            <FilePicker
              label={lesson ? `Remplacer le fichier (${texts.label.toLowerCase()})` : texts.label}
              hint={texts.hint}
              accept={LESSON_FILE_ACCEPT[type]}
              buttonText="Choisir un fichier"
              icon={type === 'video' ? <MovieIcon /> : <PictureAsPdfIcon />}
              disabled={busy}
              error={fileError}
              onChoose={chooseFile}
            />
          )}
          {type === 'video' &&
            (captions ? (
              <ChosenFile name={captions.name} size={captions.size} disabled={busy} onRemove={() => setCaptions(null)} removeLabel={`Retirer ${captions.name}`} />
            ) : (
              <FilePicker
                label={lesson?.media?.captions_url ? 'Remplacer les sous-titres (facultatif)' : 'Sous-titres (facultatif)'}
                hint="Un fichier WebVTT (.vtt) en français, 1 Mo au maximum."
                accept={LESSON_CAPTIONS_ACCEPT}
                buttonText="Choisir les sous-titres"
                icon={<ClosedCaptionIcon />}
                disabled={busy}
                error={captionsError}
                onChoose={chooseCaptions}
              />
            ))}
          {type === 'video' && lesson?.media?.captions_url && !captions && (
            <FormControlLabel control={<Checkbox checked={removeCaptions} disabled={busy} onChange={(event) => setRemoveCaptions(event.target.checked)} />} label="Retirer les sous-titres" />
          )}

          {progress !== null && <UploadProgress percent={progress} label="Progression de l'envoi du fichier" />}
        </Stack>
      </DialogForm>
    </FormProvider>
  );
}
