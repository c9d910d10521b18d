import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/calendar';

/** The private calendar feed: its address to paste in a calendar application, and its replacement. */
export function CalendarFeedPanel() {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  const rotate = useRotateCalendarFeed();
  const url = feed.data ? `${window.location.origin}${feed.data.url}` : '';
  return (
    <Paper component="section" aria-labelledby="agenda-titre" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mt: 3 }}>
      <Typography id="agenda-titre" component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 1 }}>
        Mon agenda
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Abonnez votre agenda (Google Agenda, Outlook, Calendrier d’Apple…) à vos sessions, entretiens et dates limites. Cette adresse est personnelle : ne la partagez pas.
      </Typography>
      {!shown ? (
        <Button variant="outlined" onClick={() => setShown(true)}>
          Afficher l’adresse de mon agenda
        </Button>
      ) : feed.isError ? (
        <Alert severity="error">Impossible de charger l’adresse de votre agenda.</Alert>
      ) : (
        <Stack spacing={1.5}>
          <TextField label="Adresse de mon agenda" value={url} slotProps={{ htmlInput: { readOnly: true } }} fullWidth onFocus={(e) => e.target.select()} />
          <Button variant="text" sx={{ alignSelf: 'flex-start' }} disabled={rotate.isPending} onClick={() => rotate.mutate()}>
            Remplacer l’adresse (l’ancienne ne fonctionnera plus)
          </Button>
          {rotate.isSuccess && <Alert severity="success">Nouvelle adresse créée : mettez à jour votre agenda.</Alert>}
        </Stack>
      )}
    </Paper>
  );
}
