import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '../../../components/icons/Delete';
import { useState, type FormEvent } from 'react';
import { sessionModalityLabels, sessionScheduleErrors, type SessionBody, type SessionModality } from '../../../../shared/live-sessions';
import { ApiError } from '../../../lib/api-client';
import { useSaveSession } from '../api/save-session';
import { fromLocalInput } from './slot-times';

interface SlotDraft {
  start: string;
  end: string;
}

/** « Planifier une session »: its slots give its start and end (the first start, the last end). */
export function SessionForm({ courseId, onSaved }: { courseId: number; onSaved: () => void }) {
  const save = useSaveSession(courseId);
  const [title, setTitle] = useState('');
  const [modality, setModality] = useState<SessionModality>('virtual');
  const [address, setAddress] = useState('');
  const [capacity, setCapacity] = useState('10');
  const [slots, setSlots] = useState<SlotDraft[]>([{ start: '', end: '' }]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const isoSlots = slots.map((s) => ({ starts_at: fromLocalInput(s.start), ends_at: fromLocalInput(s.end) }));
    const local: Record<string, string[]> = {};
    if (!title.trim()) local.title = ['Le titre de la session est obligatoire.'];
    isoSlots.forEach((s, i) => {
      if (!s.starts_at || !s.ends_at) local[`slots.${i}`] = ['Indiquez le début et la fin du créneau.'];
    });
    if (Object.keys(local).length > 0) return setErrors(local);
    const sorted = [...isoSlots].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
    const body: SessionBody = {
      title: title.trim(),
      modality,
      address: modality === 'in_person' ? address : null,
      starts_at: sorted[0]!.starts_at,
      ends_at: sorted.reduce((max, s) => (s.ends_at > max ? s.ends_at : max), sorted[0]!.ends_at),
      capacity: Number(capacity),
      slots: isoSlots,
    };
    const scheduleErrors = sessionScheduleErrors(body);
    if (Object.keys(scheduleErrors).length > 0) return setErrors(scheduleErrors);
    setErrors({});
    save.mutate(
      { courseId, body },
      {
        onSuccess: () => {
          setTitle('');
          setSlots([{ start: '', end: '' }]);
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          setFormError(error.message);
        },
      },
    );
  };

  const first = (field: string) => errors[field]?.[0];
  return (
    <Paper component="form" noValidate onSubmit={submit} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="planifier-titre">
      <Typography id="planifier-titre" component="h2" variant="h6" sx={{ mb: 2 }}>
        Planifier une session
      </Typography>
      <Stack spacing={2}>
        <TextField label="Titre de la session" required value={title} onChange={(e) => setTitle(e.target.value)} error={Boolean(first('title'))} helperText={first('title')} />
        <div>
          <FormLabel id="modalite">Modalité</FormLabel>
          <RadioGroup row aria-labelledby="modalite" value={modality} onChange={(e) => setModality(e.target.value as SessionModality)}>
            {(['virtual', 'in_person'] as const).map((m) => (
              <FormControlLabel key={m} value={m} control={<Radio />} label={sessionModalityLabels[m]} />
            ))}
          </RadioGroup>
        </div>
        {modality === 'in_person' && <TextField label="Adresse" required value={address} onChange={(e) => setAddress(e.target.value)} error={Boolean(first('address'))} helperText={first('address')} />}
        <TextField
          label="Nombre de places"
          type="number"
          required
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
          error={Boolean(first('capacity'))}
          helperText={first('capacity')}
          slotProps={{ htmlInput: { min: 1, max: 500 } }}
          sx={{ maxWidth: 220 }}
        />
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          Créneaux (une demi-journée au plus chacun)
        </Typography>
        {slots.map((slot, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={`Début du créneau ${i + 1}`}
              type="datetime-local"
              value={slot.start}
              onChange={(e) => setSlots(slots.map((s, k) => (k === i ? { ...s, start: e.target.value } : s)))}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(first(`slots.${i}`))}
              helperText={first(`slots.${i}`)}
            />
            <TextField
              label={`Fin du créneau ${i + 1}`}
              type="datetime-local"
              value={slot.end}
              onChange={(e) => setSlots(slots.map((s, k) => (k === i ? { ...s, end: e.target.value } : s)))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {slots.length > 1 && (
              <IconButton aria-label={`Retirer le créneau ${i + 1}`} onClick={() => setSlots(slots.filter((_s, k) => k !== i))}>
                <DeleteOutline />
              </IconButton>
            )}
          </Stack>
        ))}
        <Button type="button" sx={{ alignSelf: 'flex-start' }} onClick={() => setSlots([...slots, { start: '', end: '' }])}>
          Ajouter un créneau
        </Button>
        {first('ends_at') && <Alert severity="error">{first('ends_at')}</Alert>}
        {first('starts_at') && <Alert severity="error">{first('starts_at')}</Alert>}
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          Planifier la session
        </Button>
      </Stack>
    </Paper>
  );
}
