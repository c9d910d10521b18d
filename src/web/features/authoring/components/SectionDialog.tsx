import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
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
    <Dialog open onClose={() => !formState.isSubmitting && onClose()} aria-labelledby="chapitre-dialogue-titre" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="chapitre-dialogue-titre">{heading}</DialogTitle>
        <DialogContent>
          <TextField
            {...register('title')}
            label="Titre du chapitre"
            fullWidth
            autoFocus
            margin="dense"
            error={Boolean(formState.errors.title)}
            helperText={formState.errors.title?.message}
          />
          {general && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {general}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {section ? 'Renommer' : 'Ajouter le chapitre'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
