import DialogContentText from '@mui/material/DialogContentText';
import { FormDialog } from '../../../components/FormDialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../../lib/form-errors';
import { webPaths } from '../../../../shared/web-paths';
import { useCreateQuiz } from '../api/create-quiz';
import { quizSettingsBody, quizSettingsDefaults, QuizSettingsFields, quizSettingsFields, type QuizSettingsValues } from './QuizSettingsFields';

const SAVE_FAILED = "Le quiz n'a pas pu être créé. Réessayez.";

/** Adds a quiz lesson to a chapter, then opens its editor to write the questions. */
export function QuizDialog({ courseId, sectionId, onClose }: { courseId: number; sectionId: number; onClose: () => void }) {
  const create = useCreateQuiz();
  const navigate = useNavigate();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<QuizSettingsValues>({ defaultValues: quizSettingsDefaults() });

  const submit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      const quiz = await create.mutateAsync({ courseId, sectionId, body: quizSettingsBody(values) });
      void navigate(webPaths.quizEditor(courseId, quiz.id));
    } catch (error) {
      setGeneral(applyServerErrors(error, quizSettingsFields, setError, SAVE_FAILED));
    }
  });

  return (
    <FormDialog title="Ajouter un quiz" submitLabel="Créer le quiz" pending={formState.isSubmitting} error={general} onSubmit={submit} onClose={onClose}>
      <DialogContentText sx={{ mb: 2 }}>Vous écrirez les questions à l'étape suivante.</DialogContentText>
      <QuizSettingsFields register={register} control={control} errors={formState.errors} />
    </FormDialog>
  );
}
