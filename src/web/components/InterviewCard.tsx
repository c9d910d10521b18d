import EventIcon from './icons/Event';
import VideocamIcon from './icons/Videocam';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { MEETING_ROOM_OPENS_BEFORE_MS, meetingRoomOpensAt, meetingRoomState } from '../../shared/meetings';
import { formatDateTime } from '../../shared/french-format';

/** The anchor 'Mes rendez-vous' links to. */
export const INTERVIEW_CARD_ID = 'entretien';

const opensBeforeMinutes = MEETING_ROOM_OPENS_BEFORE_MS / 60_000;

/** Hours and minutes left before `date`, as 'Commence dans {h}h {m}m'. */
export function countdownLabel(date: Date, now: Date): string {
  const minutes = Math.max(0, Math.ceil((date.getTime() - now.getTime()) / 60_000));
  return `Commence dans ${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** The note under 'Rejoindre quand prêt': when the room opens, or that it is open. */
export function roomNote(meetingDate: string, joinable: boolean, now: Date = new Date()): string {
  if (joinable) return 'La salle est ouverte : vous pouvez la rejoindre dès maintenant.';
  if (meetingRoomState(meetingDate, now) === 'open') return 'La salle ouvre : récupération du lien en cours…';
  return `Le lien sera actif le ${formatDateTime(meetingRoomOpensAt(meetingDate).toISOString())}, ${opensBeforeMinutes} minutes avant l'entretien.`;
}

function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The card's title with its camera icon, and the interview's date below it. */
function InterviewHeading({ iconColor, title, meetingDate }: { iconColor: 'disabled' | 'success' | 'primary'; title: string; meetingDate: string }) {
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <VideocamIcon color={iconColor} aria-hidden />
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 2 }}>
        <EventIcon fontSize="small" aria-hidden />
        <Typography>{formatDateTime(meetingDate)}</Typography>
      </Stack>
    </>
  );
}

/**
 * The trainer's interview with an administrator, on the waiting page and the profile. The server
 * hands out the room's address only while it is open (shared/meetings.ts), and the buttons follow
 * the same window; `onRoomOpen` asks the page to fetch the address once the window has begun.
 */
export function InterviewCard({ meetingDate, meetingUrl, onRoomOpen }: { meetingDate: string; meetingUrl: string | null; onRoomOpen?: () => void }) {
  const now = useNow();
  const noteId = useId();
  const date = new Date(meetingDate);
  const state = meetingRoomState(date, now);
  const started = date.getTime() <= now.getTime();
  const active = state === 'open' && started;
  const joinable = state === 'open' && meetingUrl !== null;

  // Each tick while the room is open but its address is not known yet asks again (bounded by the 30 s tick).
  useEffect(() => {
    if (state === 'open' && meetingUrl === null) onRoomOpen?.();
  }, [state, meetingUrl, onRoomOpen, now]);

  if (state === 'over') {
    return (
      <Card id={INTERVIEW_CARD_ID} variant="outlined" sx={{ borderWidth: 2 }}>
        <CardContent>
          <InterviewHeading iconColor="disabled" title="Entretien terminé" meetingDate={meetingDate} />
          <Typography>Cet entretien est terminé et sa salle est fermée.</Typography>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card id={INTERVIEW_CARD_ID} variant="outlined" sx={{ borderColor: active ? 'success.main' : 'primary.light', borderWidth: 2 }} aria-live="polite">
      <CardContent>
        <InterviewHeading
          iconColor={active ? 'success' : 'primary'}
          title={active ? 'Votre entretien est maintenant actif' : "Entretien avec l'administrateur"}
          meetingDate={meetingDate}
        />
        {active ? (
          <Box>
            <Typography id={noteId} sx={{ mb: 2 }}>
              L'entretien est actif. Rejoignez dès maintenant.
            </Typography>
            {joinable ? (
              <Button variant="contained" color="success" href={meetingUrl} target="_blank" rel="noopener noreferrer" startIcon={<VideocamIcon />}>
                Rejoindre maintenant
              </Button>
            ) : (
              <Button variant="contained" color="success" disabled aria-describedby={noteId} startIcon={<VideocamIcon />}>
                Rejoindre maintenant
              </Button>
            )}
          </Box>
        ) : (
          <Box>
            <Typography sx={{ fontWeight: 600, mb: 2 }}>{countdownLabel(date, now)}</Typography>
            {joinable ? (
              <Button variant="outlined" href={meetingUrl} target="_blank" rel="noopener noreferrer" aria-describedby={noteId}>
                Rejoindre quand prêt
              </Button>
            ) : (
              <Button variant="outlined" disabled aria-describedby={noteId}>
                Rejoindre quand prêt
              </Button>
            )}
            <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {roomNote(meetingDate, joinable, now)}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
