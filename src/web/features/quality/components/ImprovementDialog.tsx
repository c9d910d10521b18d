import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { IMPROVEMENT_OWNER_MAX, IMPROVEMENT_TITLE_MAX, improvementStatuses, improvementStatusLabels, qualityMessages, type ImprovementSource, type ImprovementStatus } from '../../../../shared/quality';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useSaveImprovement } from '../api/quality-api';

const fields = ['title', 'owner', 'due', 'status', 'source_ids'] as const;
type Field = (typeof fields)[number];

export interface ImprovementDraft {
  id: number | null;
  title: string;
  owner: string;
  due: string;
  status: ImprovementStatus;
  sources: ImprovementSource[];
  /** What the sources are, in words, for the dialog. */
  sourceLabel: string;
}

/** Creates an improvement action from its source (a complaint, a survey answer), or edits one. */
export function ImprovementDialog({ draft, onClose, onSaved }: { draft: ImprovementDraft; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveImprovement();
  const [title, setTitle] = useState(draft.title);
  const [owner, setOwner] = useState(draft.owner);
  const [due, setDue] = useState(draft.due);
  const [status, setStatus] = useState<ImprovementStatus>(draft.status);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (!title.trim()) local.title = qualityMessages.titleRequired;
    if (!owner.trim()) local.owner = qualityMessages.ownerRequired;
    if (!due) local.due = qualityMessages.dueInvalid;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { id: draft.id, body: { title, owner, due, status, source_ids: draft.sources } },
      {
        onSuccess: () => onSaved(draft.id ? 'L’action d’amélioration est enregistrée.' : 'L’action d’amélioration est créée.'),
        onError: (error) => setErrors(serverFieldMessages(error, fields)),
      },
    );
  };
  const formError =
    errors.source_ids ?? (save.error instanceof ApiError && Object.keys(serverFieldMessages(save.error, fields)).length === 0 ? save.error.message : null);

  return (
    <FormDialog title={draft.id ? 'Modifier l’action d’amélioration' : 'Nouvelle action d’amélioration'} submitLabel="Enregistrer" pending={save.isPending} error={formError} onSubmit={submit} onClose={onClose}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography color="text.secondary">Source : {draft.sourceLabel}</Typography>
        <TextField label="Action" required value={title} onChange={(e) => setTitle(e.target.value)} error={Boolean(errors.title)} helperText={errors.title} slotProps={{ htmlInput: { maxLength: IMPROVEMENT_TITLE_MAX } }} />
        <TextField label="Responsable" required value={owner} onChange={(e) => setOwner(e.target.value)} error={Boolean(errors.owner)} helperText={errors.owner} slotProps={{ htmlInput: { maxLength: IMPROVEMENT_OWNER_MAX } }} />
        <TextField label="Échéance" type="date" required value={due} onChange={(e) => setDue(e.target.value)} error={Boolean(errors.due)} helperText={errors.due} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select label="Statut" value={status} onChange={(e) => setStatus(e.target.value as ImprovementStatus)}>
          {improvementStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {improvementStatusLabels[s]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
