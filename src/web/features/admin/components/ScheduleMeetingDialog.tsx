import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec: the default slot is tomorrow at the current time, in the administrator's local time. */
export function defaultMeetingSlot(now: Date = new Date()): { date: string; time: string } {
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return {
    date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
    time: `${pad(tomorrow.getHours())}:${pad(tomorrow.getMinutes())}`,
  };
}

/** The local date and time as an ISO instant, or null unless both are filled in and valid. */
export function toMeetingIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** Picks the interview's date and time; 'Planifier' does nothing until both are set. */
export function ScheduleMeetingDialog({
  open,
  name,
  pending,
  onClose,
  onSchedule,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  onClose: () => void;
  onSchedule: (meetingDate: string) => void;
}) {
  const titleId = useId();
  const [slot, setSlot] = useState(defaultMeetingSlot);
  const iso = toMeetingIso(slot.date, slot.time);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ transition: { onEnter: () => setSlot(defaultMeetingSlot()) } }}
    >
      <DialogTitle id={titleId}>Planifier une réunion avec {name}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (iso && !pending) onSchedule(iso);
        }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Choisissez la date et l'heure de l'entretien vidéo.</DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Date"
              type="date"
              value={slot.date}
              onChange={(event) => setSlot((s) => ({ ...s, date: event.target.value }))}
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Heure"
              type="time"
              value={slot.time}
              onChange={(event) => setSlot((s) => ({ ...s, time: event.target.value }))}
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="contained" disabled={!iso || pending}>
            {pending ? 'Planification...' : 'Planifier'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
