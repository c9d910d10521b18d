import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AdminCounters } from '../../../../shared/admin';
import { formatNumber } from '../../../../shared/french-format';

const cards: Array<{ key: keyof AdminCounters; label: string; color: string }> = [
  { key: 'total', label: 'Utilisateurs total', color: 'primary.dark' },
  { key: 'pending', label: 'En attente', color: 'warning.main' },
  { key: 'approved', label: 'Approuvés', color: 'success.main' },
  { key: 'meetings', label: 'Réunions', color: 'secondary.main' },
];

/** The dashboard's four counters, computed by the server over every user. */
export function CountersCards({ counters }: { counters: AdminCounters | undefined }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }} aria-label="Compteurs">
      {cards.map((card) => (
        <Grid key={card.key} size={{ xs: 6, md: 3 }} component="li">
          <Paper variant="outlined" sx={{ p: 2.5, borderTop: 4, borderTopColor: card.color, height: '100%' }}>
            <Typography variant="body2" color="text.secondary">
              {card.label}
            </Typography>
            <Typography component="p" variant="h4" sx={{ fontWeight: 800 }}>
              {counters ? formatNumber(counters[card.key]) : <Skeleton width={60} />}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
