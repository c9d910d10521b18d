import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '../../../../shared/french-format';
import { sessionModalityLabels, signingWindowState, type MySession } from '../../../../shared/live-sessions';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { QueryStatus } from '../../../components/QueryStatus';
import { useMySessions } from '../api/get-my-sessions';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel';
import { slotTimes } from '../components/slot-times';

// The signature pad and its dialog load when the learner signs (decision 066).
const SignSlotDialog = lazy(() => import('../components/SignSlotDialog'));

/** /user/sessions: the learner's live sessions, the « Signer » button on the day, the room while it is open (phone first). */
export default function MySessionsPage() {
  usePageTitle('Mes sessions');
  const mine = useMySessions();
  const data = useFirstArrival(mine.data);
  const [signing, setSigning] = useState<{ slotId: number; label: string } | null>(null);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Mes sessions
      </Typography>
      {!data ? (
        <QueryStatus query={mine} loadingLabel="Chargement de vos sessions" errorMessage="Impossible de charger vos sessions." />
      ) : data.items.length === 0 ? (
        <Typography>Vous n’êtes inscrit à aucune session en direct. Les sessions d’une formation se choisissent depuis sa page.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.items.map((session) => (
            <SessionCard key={session.id} session={session} onSign={setSigning} />
          ))}
        </Stack>
      )}
      {/* Below the list, once it is there: shown under the loading spinner, the panel jumped down
          when the sessions arrived (a layout shift of 0.07, over Lighthouse's 0.05 budget). */}
      {(data || mine.isError) && <CalendarFeedPanel />}
      {signing && (
        <Suspense fallback={null}>
          <SignSlotDialog slotId={signing.slotId} label={signing.label} onClose={() => setSigning(null)} />
        </Suspense>
      )}
    </Container>
  );
}

function SessionCard({ session, onSign }: { session: MySession; onSign: (slot: { slotId: number; label: string }) => void }) {
  const now = Date.now();
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
        {session.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {session.course_title} · {sessionModalityLabels[session.modality]} · {session.trainer_name}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {session.modality === 'in_person' ? `Lieu : ${session.address ?? ''}` : `Début : ${formatDateTime(session.starts_at)}`}
      </Typography>
      {session.room_url && (
        <Button variant="contained" color="secondary" href={session.room_url} target="_blank" rel="noopener noreferrer" sx={{ mb: 1 }}>
          Rejoindre la salle virtuelle
        </Button>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {session.slots.map((slot) => {
          const mineSlot = session.my_slots.find((s) => s.slot_id === slot.id);
          const label = slotTimes(slot);
          const open = signingWindowState(slot, now) === 'open';
          return (
            <Stack component="li" key={slot.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography>{label}</Typography>
              {mineSlot?.signed_at ? (
                <Chip color="success" label={`Signé à ${new Date(mineSlot.signed_at).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' })}`} />
              ) : mineSlot?.absence_reason ? (
                <Chip label={`Absence justifiée : ${mineSlot.absence_reason}`} />
              ) : open ? (
                <Button variant="contained" size="large" onClick={() => onSign({ slotId: slot.id, label })} aria-label={`Signer le créneau ${label}`} sx={{ minHeight: 48 }}>
                  Signer
                </Button>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {new Date(slot.starts_at).getTime() > now ? 'Signature 15 minutes avant le début' : 'Non signé'}
                </Typography>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
