import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { meetingRoomState } from '../../../../shared/meetings';
import { formatDateTime } from '../../../../shared/french-format';

const pad = (n: number) => String(n).padStart(2, '0');

function localSlot(instant: Date): { date: string; time: string } {
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** Spec: the default slot is tomorrow at the current time, in the administrator's local time. */
export function defaultMeetingSlot(now: Date = new Date()): { date: string; time: string } {
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return localSlot(tomorrow);
}

/** The local date and time as an ISO instant, or null unless both are filled in and valid. */
export function toMeetingIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/**
 * Picks the interview's date and time and confirms it; 'Planifier' does nothing until both are set.
 * With `current` (the date of an interview that is not over), the same choice moves that interview:
 * the server keeps its record and room, so the link already shared still works.
 */
export function ScheduleMeetingDialog({
  open,
  name,
  current = null,
  pending,
  onClose,
  onSchedule,
  onRemove,
  removing = false,
}: {
  open: boolean;
  name: string;
  current?: string | null;
  pending: boolean;
  onClose: () => void;
  onSchedule: (meetingDate: string) => void;
  /** Offered for an interview that is not over: removes it once confirmed (the user is told). */
  onRemove?: () => void;
  removing?: boolean;
}) {
  const titleId = useId();
  const moving = current !== null && meetingRoomState(current) !== 'over';
  const initialSlot = () => (moving ? localSlot(new Date(current)) : defaultMeetingSlot());
  const [slot, setSlot] = useState(initialSlot);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const iso = toMeetingIso(slot.date, slot.time);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ transition: { onEnter: () => setSlot(initialSlot()), onExited: () => setConfirmingRemoval(false) } }}
    >
      {moving && onRemove && confirmingRemoval ? (
        <>
          <DialogTitle id={titleId}>{`Supprimer la réunion avec ${name} ?`}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {`La réunion du ${formatDateTime(current)} sera supprimée. ${name} en sera informé par une notification, avec l'annulation pour son agenda.`}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmingRemoval(false)} disabled={removing}>
              Retour
            </Button>
            <Button color="error" variant="contained" onClick={onRemove} disabled={removing}>
              {removing ? 'Suppression…' : 'Confirmer la suppression'}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>{moving ? `Déplacer la réunion avec ${name}` : `Planifier une réunion avec ${name}`}</DialogTitle>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (iso && !pending) onSchedule(iso);
            }}
          >
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                {moving
                  ? `Elle est prévue le ${formatDateTime(current)}. Choisissez la nouvelle date et l'heure : le lien de la réunion reste le même.`
                  : "Choisissez la date et l'heure de l'entretien vidéo."}
              </DialogContentText>
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
              {moving && onRemove && (
                <Button color="error" onClick={() => setConfirmingRemoval(true)} sx={{ mr: 'auto' }}>
                  Supprimer la réunion
                </Button>
              )}
              <Button onClick={onClose}>Annuler</Button>
              <Button type="submit" variant="contained" disabled={!iso || pending}>
                {pending ? (moving ? 'Déplacement…' : 'Planification…') : moving ? 'Déplacer' : 'Planifier'}
              </Button>
            </DialogActions>
          </form>
        </>
      )}
    </Dialog>
  );
}
