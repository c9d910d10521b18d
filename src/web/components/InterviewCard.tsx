import EventIcon from '@mui/icons-material/Event';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../lib/format';

/** Hours and minutes left before `date`, as 'Commence dans {h}h {m}m'. */
export function countdownLabel(date: Date, now: Date): string {
  const minutes = Math.max(0, Math.ceil((date.getTime() - now.getTime()) / 60_000));
  return `Commence dans ${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The trainer's interview with an administrator, on the waiting page and the profile. */
export function InterviewCard({ meetingDate, meetingUrl }: { meetingDate: string; meetingUrl: string }) {
  const now = useNow();
  const date = new Date(meetingDate);
  const active = date.getTime() <= now.getTime();

  return (
    <Card variant="outlined" sx={{ borderColor: active ? 'success.main' : 'primary.light', borderWidth: 2 }} aria-live="polite">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <VideocamIcon color={active ? 'success' : 'primary'} aria-hidden />
          <Typography variant="h6" component="h2">
            {active ? 'Votre entretien est maintenant actif' : "Entretien avec l'administrateur"}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 2 }}>
          <EventIcon fontSize="small" aria-hidden />
          <Typography>{formatDateTime(meetingDate)}</Typography>
        </Stack>
        {active ? (
          <Box>
            <Typography sx={{ mb: 2 }}>L'entretien est actif. Rejoignez dès maintenant.</Typography>
            <Button variant="contained" color="success" href={meetingUrl} target="_blank" rel="noopener noreferrer" startIcon={<VideocamIcon />}>
              Rejoindre maintenant
            </Button>
          </Box>
        ) : (
          <Box>
            <Typography sx={{ fontWeight: 600, mb: 2 }}>{countdownLabel(date, now)}</Typography>
            <Button variant="outlined" href={meetingUrl} target="_blank" rel="noopener noreferrer">
              Rejoindre quand prêt
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Le lien sera actif à l'heure de l'entretien
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
