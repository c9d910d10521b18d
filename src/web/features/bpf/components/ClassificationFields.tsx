import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { NsfCode, TrainerStatus, TrainingObjective } from '../../../../shared/bpf';
import { useClassifyCourse, useClassifyTrainer, useCourseClassification, useTrainerClassification } from '../api/bpf-api';
import { ClassificationSelect } from './ClassificationSelect';
import { nsfOptions, objectiveOptions, trainerStatusOptions } from './options';

type SaveState = 'idle' | 'saved' | 'failed';
const saveText: Record<SaveState, string> = { idle: '', saved: 'Classement enregistré.', failed: 'Le classement n’a pas pu être enregistré. Réessayez.' };

function SaveStatus({ state }: { state: SaveState }) {
  return (
    <Typography role="status" variant="body2" color={state === 'failed' ? 'error' : 'text.secondary'} sx={{ minHeight: '1.5em', mt: 1 }}>
      {saveText[state]}
    </Typography>
  );
}

/** The admin course page's BPF block: the training objective (F-3) and NSF speciality (F-4). */
export function CourseBpfFields({ courseId }: { courseId: number }) {
  const classification = useCourseClassification(courseId);
  const classify = useClassifyCourse();
  const [state, setState] = useState<SaveState>('idle');
  const handlers = { onSuccess: () => setState('saved'), onError: () => setState('failed') };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="bpf-course-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="bpf-course-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Bilan pédagogique et financier
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap>
        <ClassificationSelect<TrainingObjective>
          label="Objectif de la formation (F-3)"
          value={classification.data?.objective}
          options={objectiveOptions}
          disabled={!classification.data || classify.isPending}
          onChange={(value) => classify.mutate({ id: courseId, objective: value }, handlers)}
        />
        <ClassificationSelect<NsfCode>
          label="Spécialité NSF (F-4)"
          value={classification.data?.nsf_code}
          options={nsfOptions}
          disabled={!classification.data || classify.isPending}
          onChange={(value) => classify.mutate({ id: courseId, nsf_code: value }, handlers)}
        />
      </Stack>
      <SaveStatus state={state} />
    </Paper>
  );
}

/** The admin user page's BPF block for a trainer: internal or external (frame E). */
export function TrainerBpfField({ userId }: { userId: number }) {
  const classification = useTrainerClassification(userId);
  const classify = useClassifyTrainer();
  const [state, setState] = useState<SaveState>('idle');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="bpf-trainer-title" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography id="bpf-trainer-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Bilan pédagogique et financier
      </Typography>
      <ClassificationSelect<TrainerStatus>
        label="Formateur interne ou externe (cadre E)"
        value={classification.data?.status}
        options={trainerStatusOptions}
        disabled={!classification.data || classify.isPending}
        onChange={(value) => classify.mutate({ id: userId, status: value }, { onSuccess: () => setState('saved'), onError: () => setState('failed') })}
        minWidth={280}
      />
      <SaveStatus state={state} />
    </Paper>
  );
}
