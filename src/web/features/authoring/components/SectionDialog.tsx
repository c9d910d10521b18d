import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/FormDialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateSection } from '../api/create-section';
import { useRenameSection } from '../api/rename-section';

const SAVE_FAILED = "Le chapitre n'a pas pu être enregistré. Réessayez.";

/** Adds a chapter (`section` absent) or renames one; the server checks the title. */
export function SectionDialog({
  courseId,
  section,
  onClose,
  onSaved,
}: {
  courseId: number;
  section?: { id: number; title: string };
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const create = useCreateSection();
  const rename = useRenameSection();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ title: string }>({ defaultValues: { title: section?.title ?? '' } });
  const heading = section ? 'Renommer le chapitre' : 'Ajouter un chapitre';

  const submit = handleSubmit(async ({ title }) => {
    setGeneral(null);
    try {
      const saved = section ? await rename.mutateAsync({ courseId, sectionId: section.id, title }) : await create.mutateAsync({ courseId, title });
      onSaved(section ? `Chapitre renommé en « ${saved.title} ».` : `Chapitre « ${saved.title} » ajouté.`);
    } catch (error) {
      setGeneral(applyServerErrors(error, ['title'], setError, SAVE_FAILED));
    }
  });

  return (
    <FormDialog title={heading} submitLabel={section ? 'Renommer' : 'Ajouter le chapitre'} pending={formState.isSubmitting} error={general} onSubmit={submit} onClose={onClose}>
      <TextField
        {...register('title')}
        label="Titre du chapitre"
        fullWidth
        autoFocus
        margin="dense"
        error={Boolean(formState.errors.title)}
        helperText={formState.errors.title?.message}
      />
    </FormDialog>
  );
}
