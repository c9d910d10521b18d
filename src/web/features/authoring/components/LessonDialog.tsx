import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { DialogForm } from '../../../components/FormDialog';
import { lessonTypeLabels, type LessonContent, type OutlineLesson } from '../../../../shared/learning';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateLesson } from '../api/create-lesson';
import { getLesson, useLesson } from '../api/get-lesson';
import { authoringKeys } from '../api/keys';
import { useUpdateLesson } from '../api/update-lesson';
import { LessonBasicsFields, lessonBasicsBody, lessonBasicsDefaults, lessonBasicsFields, SAVE_FAILED, type LessonBasicsValues } from './LessonBasicsFields';
import { MediaLessonForm } from './MediaLessonForm';

/** The types a lesson can be created with here (quizzes come with their questions). */
const creatableTypes = ['text', 'video', 'pdf'] as const;
type CreatableType = (typeof creatableTypes)[number];

interface LessonValues extends LessonBasicsValues {
  body_markdown: string;
}

const fields = [...lessonBasicsFields, 'body_markdown'] as const;

/** Adds a text, video or PDF lesson to a chapter (`lesson` absent) or edits one; a text lesson with a preview as learners see it. */
export function LessonDialog({
  courseId,
  sectionId,
  lesson,
  onClose,
  onSaved,
}: {
  courseId: number;
  sectionId: number;
  lesson?: OutlineLesson;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const saved = useLesson(lesson?.id ?? null);
  const heading = lesson ? `Modifier la leçon « ${lesson.title} »` : 'Ajouter une leçon';
  const [chosenType, setChosenType] = useState<CreatableType>('text');
  const type = lesson?.type ?? chosenType;
  // While a save or an upload runs, neither Escape, a click beside the dialog nor another type may
  // drop the form: the lesson would be saved all the same, behind the trainer's back.
  const [pending, setPending] = useState(false);

  return (
    <Dialog open onClose={() => !pending && onClose()} aria-labelledby="lecon-dialogue-titre" fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id="lecon-dialogue-titre">{heading}</DialogTitle>
      {lesson && saved.isPending && (
        <DialogContent>
          <CircularProgress aria-label="Chargement de la leçon" />
        </DialogContent>
      )}
      {lesson && saved.isError && (
        <>
          <DialogContent>
            <Alert severity="error">{saved.error.message}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Fermer</Button>
          </DialogActions>
        </>
      )}
      {!lesson && (
        <DialogContent sx={{ pb: 0 }}>
          <FormControl disabled={pending}>
            <FormLabel id="lecon-type-label">Type de leçon</FormLabel>
            <RadioGroup row aria-labelledby="lecon-type-label" value={chosenType} onChange={(event) => setChosenType(event.target.value as CreatableType)}>
              {creatableTypes.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={lessonTypeLabels[value]} />
              ))}
            </RadioGroup>
          </FormControl>
        </DialogContent>
      )}
      {(!lesson || saved.data) &&
        (type === 'video' || type === 'pdf' ? (
          <MediaLessonForm key={type} courseId={courseId} sectionId={sectionId} type={type} lesson={saved.data} onClose={onClose} onSaved={onSaved} onPendingChange={setPending} />
        ) : (
          <LessonForm courseId={courseId} sectionId={sectionId} lesson={saved.data} onClose={onClose} onSaved={onSaved} onPendingChange={setPending} />
        ))}
    </Dialog>
  );
}

function LessonForm({
  courseId,
  sectionId,
  lesson,
  onClose,
  onSaved,
  onPendingChange,
}: {
  courseId: number;
  sectionId: number;
  lesson?: LessonContent;
  onClose: () => void;
  onSaved: (message: string) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const create = useCreateLesson();
  const update = useUpdateLesson();
  // A new lesson gets its id at its first save (the preview saves it too).
  const [lessonId, setLessonId] = useState<number | null>(lesson?.id ?? null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<LessonValues>({ defaultValues: { ...lessonBasicsDefaults(lesson), body_markdown: lesson?.body_markdown ?? '' } });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  useEffect(() => onPendingChange(formState.isSubmitting), [formState.isSubmitting, onPendingChange]);

  /** Saves the form; returns the lesson's id, or null when the server refused it (its messages are shown). */
  async function save(values: LessonValues): Promise<number | null> {
    setGeneral(null);
    const body = { ...lessonBasicsBody(values), body_markdown: values.body_markdown };
    try {
      if (lessonId === null) {
        const created = await create.mutateAsync({ courseId, sectionId, body: { ...body, type: 'text' } });
        setLessonId(created.id);
        return created.id;
      }
      await update.mutateAsync({ courseId, lessonId, body });
      return lessonId;
    } catch (error) {
      setTab('write');
      setGeneral(applyServerErrors(error, fields, setError, SAVE_FAILED));
      return null;
    }
  }

  const submit = handleSubmit(async (values) => {
    const id = await save(values);
    if (id !== null) onSaved(`Leçon « ${values.title.trim()} » enregistrée.`);
  });

  // The preview is the saved lesson as the server renders it for learners: save, then GET /api/lessons/{id}.
  const showPreview = handleSubmit(async (values) => {
    setPreview(null);
    const id = await save(values);
    if (id === null) return;
    setTab('preview');
    try {
      const fresh = await queryClient.fetchQuery({ queryKey: authoringKeys.lesson(id), queryFn: ({ signal }) => getLesson(id, signal), staleTime: 0 });
      setPreview(fresh.html ?? '');
    } catch {
      setGeneral("L'aperçu n'a pas pu être chargé. Réessayez.");
    }
  });

  return (
    <FormProvider {...form}>
      <DialogForm
        submitLabel="Enregistrer la leçon"
        cancelLabel={lessonId !== null && lesson === undefined ? 'Fermer' : 'Annuler'}
        pending={formState.isSubmitting}
        error={general}
        onSubmit={submit}
        onClose={onClose}
      >
        <Stack spacing={2}>
          <LessonBasicsFields />
          <Tabs value={tab} onChange={(_event, value: 'write' | 'preview') => (value === 'preview' ? void showPreview() : setTab('write'))} aria-label="Contenu de la leçon">
            <Tab value="write" label="Rédiger" id="onglet-rediger" aria-controls="panneau-rediger" />
            <Tab value="preview" label="Prévisualiser" id="onglet-previsualiser" aria-controls="panneau-previsualiser" />
          </Tabs>
          <Box role="tabpanel" id="panneau-rediger" aria-labelledby="onglet-rediger" hidden={tab !== 'write'}>
            <TextField
              {...register('body_markdown')}
              label="Contenu (Markdown)"
              multiline
              minRows={10}
              fullWidth
              error={Boolean(errors.body_markdown)}
              helperText={errors.body_markdown?.message ?? 'Titres (#), listes (-), **gras**, *italique*, [liens](https://…).'}
            />
          </Box>
          <Box role="tabpanel" id="panneau-previsualiser" aria-labelledby="onglet-previsualiser" hidden={tab !== 'preview'}>
            {tab === 'preview' && preview === null && !general && <CircularProgress aria-label="Chargement de l'aperçu" />}
            {preview !== null && (
              <Box
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, overflowWrap: 'anywhere', '& img': { maxWidth: '100%' } }}
                // The server's rendering: raw HTML disabled and dangerous links removed before it reaches us.
                dangerouslySetInnerHTML={{ __html: preview }}
              />
            )}
          </Box>
        </Stack>
      </DialogForm>
    </FormProvider>
  );
}
