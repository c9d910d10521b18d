import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/FormDialog';
import { useState, type FormEvent } from 'react';
import type { OutlineSection } from '../../../../shared/learning';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useMoveLesson } from '../api/move-lesson';

const MOVE_FAILED = "La leçon n'a pas pu être déplacée. Réessayez.";

/** Sends a lesson to the end of another chapter of the course, chosen in a list (no dragging needed). */
export function MoveLessonDialog({
  courseId,
  lesson,
  fromSectionId,
  sections,
  onClose,
  onMoved,
}: {
  courseId: number;
  lesson: { id: number; title: string };
  fromSectionId: number;
  sections: OutlineSection[];
  onClose: () => void;
  onMoved: (message: string) => void;
}) {
  const move = useMoveLesson();
  const targets = sections.filter((s) => s.id !== fromSectionId);
  const [sectionId, setSectionId] = useState<number>(targets[0]?.id ?? 0);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await move.mutateAsync({ courseId, lessonId: lesson.id, sectionId });
      const target = targets.find((s) => s.id === sectionId);
      onMoved(`La leçon « ${lesson.title} » a été déplacée à la fin du chapitre « ${target?.title ?? ''} ».`);
    } catch (failure) {
      const known = failure instanceof ApiError && failure.status < 500 && failure.status !== 0;
      setError(known ? (serverFieldMessages(failure, ['section_id']).section_id ?? failure.message) : MOVE_FAILED);
    }
  }

  return (
    <FormDialog title={`Déplacer la leçon « ${lesson.title} »`} submitLabel="Déplacer" pending={move.isPending} error={error} onSubmit={(event) => void submit(event)} onClose={onClose}>
      <TextField
        select
        label="Chapitre de destination"
        value={sectionId}
        onChange={(event) => setSectionId(Number(event.target.value))}
        fullWidth
        autoFocus
        margin="dense"
        helperText="La leçon est placée à la fin de ce chapitre."
      >
        {targets.map((section) => (
          <MenuItem key={section.id} value={section.id}>
            {`Chapitre ${sections.indexOf(section) + 1} : ${section.title}`}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
