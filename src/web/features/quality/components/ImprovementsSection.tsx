import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate } from '../../../../shared/french-format';
import { improvementStatusLabels } from '../../../../shared/quality';
import { Pager } from '../../../components/Pager';
import { QueryStatus } from '../../../components/QueryStatus';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { qualityExports, useImprovements } from '../api/quality-api';
import { ExportButton } from '../../../components/ExportButton';
import { ImprovementDialog, type ImprovementDraft } from './ImprovementDialog';

/** The improvement actions (indicator 32), each with its sources; created from a complaint or a survey answer. */
export function ImprovementsSection({ onMessage }: { onMessage: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const actions = useImprovements(page);
  const data = useFirstArrival(actions.data);
  const [editing, setEditing] = useState<ImprovementDraft | null>(null);
  return (
    <section aria-labelledby="improvements-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Typography id="improvements-title" variant="h5" component="h2">
          Actions d’amélioration
        </Typography>
        <ExportButton label="Exporter les actions (CSV)" onExport={qualityExports.improvements} />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Une action se crée depuis sa source : une réclamation ou une réponse d’enquête.
      </Typography>
      {!data ? (
        <QueryStatus query={actions} loadingLabel="Chargement des actions" errorMessage="Les actions n’ont pas pu être chargées." />
      ) : data.items.length === 0 ? (
        <Typography>Aucune action d’amélioration.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.items.map((a) => (
            <Paper key={a.id} variant="outlined" sx={{ p: 2 }} component="article" aria-labelledby={`action-${a.id}`}>
              <Typography id={`action-${a.id}`} variant="h6" component="h3" sx={{ fontSize: '1.1rem' }}>
                n° {a.id} : {a.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {improvementStatusLabels[a.status]} · Responsable : {a.owner} · Échéance : {formatDate(a.due)}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                Sources : {a.source_ids.map((s) => s.label).join(' ; ')}
              </Typography>
              <Button
                sx={{ mt: 1 }}
                aria-label={`Modifier l’action n° ${a.id}`}
                onClick={() =>
                  setEditing({ id: a.id, title: a.title, owner: a.owner, due: a.due, status: a.status, sources: a.source_ids.map(({ type, id }) => ({ type, id })), sourceLabel: a.source_ids.map((s) => s.label).join(' ; ') })
                }
              >
                Modifier
              </Button>
            </Paper>
          ))}
          <Pager label="Pages des actions" info={data} page={page} onChange={setPage} />
        </Stack>
      )}
      {editing && (
        <ImprovementDialog
          draft={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            onMessage(message);
          }}
        />
      )}
    </section>
  );
}
