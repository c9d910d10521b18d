import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formatShortDateTime } from '../../../../shared/french-format';
import { COMPLAINT_ANSWER_MAX, complaintStatuses, complaintStatusLabels, qualityMessages, type Complaint, type ComplaintStatus } from '../../../../shared/quality';
import { FilterSelect } from '../../../components/FilterSelect';
import { FormDialog } from '../../../components/FormDialog';
import { Pager } from '../../../components/Pager';
import { QueryStatus } from '../../../components/QueryStatus';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { qualityExports, useComplaints, useUpdateComplaint } from '../api/quality-api';
import { ExportButton } from '../../../components/ExportButton';
import { ImprovementDialog, type ImprovementDraft } from './ImprovementDialog';
import { LinkedActions } from './LinkedActions';

const statusColor: Record<ComplaintStatus, 'warning' | 'info' | 'success'> = { new: 'warning', in_progress: 'info', resolved: 'success' };

function AnswerDialog({ complaint, onClose, onDone }: { complaint: Complaint; onClose: () => void; onDone: (message: string) => void }) {
  const update = useUpdateComplaint();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return setError(qualityMessages.answerRequired);
    setError(null);
    update.mutate(
      { id: complaint.id, status: 'resolved', answer },
      { onSuccess: () => onDone('La réclamation est résolue : la réponse est envoyée par e-mail.'), onError: (e) => setError(serverFieldMessages(e, ['answer']).answer ?? null) },
    );
  };
  const formError = update.error instanceof ApiError && !serverFieldMessages(update.error, ['answer']).answer ? update.error.message : null;
  return (
    <FormDialog title={`Répondre à la réclamation n° ${complaint.id}`} submitLabel="Envoyer la réponse et résoudre" pending={update.isPending} error={formError} onSubmit={submit} onClose={onClose}>
      <Typography sx={{ mb: 2 }}>La réponse est envoyée à {complaint.email}.</Typography>
      <TextField
        label="Réponse"
        required
        multiline
        minRows={5}
        fullWidth
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: COMPLAINT_ANSWER_MAX } }}
      />
    </FormDialog>
  );
}

/** The complaints (indicator 31): new, taken, resolved; each with its answer and the actions drawn from it. */
export function ComplaintsSection({ onMessage }: { onMessage: (message: string) => void }) {
  const [status, setStatus] = useState<ComplaintStatus | null>(null);
  const [page, setPage] = useState(1);
  const complaints = useComplaints(status, page);
  const data = useFirstArrival(complaints.data);
  const update = useUpdateComplaint();
  const [answering, setAnswering] = useState<Complaint | null>(null);
  const [drafting, setDrafting] = useState<ImprovementDraft | null>(null);

  return (
    <section aria-labelledby="complaints-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Typography id="complaints-title" variant="h5" component="h2">
          Réclamations
        </Typography>
        <ExportButton label="Exporter les réclamations (CSV)" onExport={qualityExports.complaints} />
      </Stack>
      <FilterSelect
        label="Statut"
        anyLabel="Tous les statuts"
        value={status ?? ''}
        options={complaintStatuses.map((s) => ({ value: s, label: complaintStatusLabels[s] }))}
        onChange={(value) => {
          setStatus((value || null) as ComplaintStatus | null);
          setPage(1);
        }}
      />
      {!data ? (
        <QueryStatus query={complaints} loadingLabel="Chargement des réclamations" errorMessage="Les réclamations n’ont pas pu être chargées." />
      ) : data.items.length === 0 ? (
        <Typography sx={{ mt: 2 }}>Aucune réclamation.</Typography>
      ) : (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {data.items.map((c) => (
            <Paper key={c.id} variant="outlined" sx={{ p: 2 }} component="article" aria-labelledby={`complaint-${c.id}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography id={`complaint-${c.id}`} variant="h6" component="h3" sx={{ fontSize: '1.1rem' }}>
                  n° {c.id} : {c.subject}
                </Typography>
                <Chip size="small" color={statusColor[c.status]} label={complaintStatusLabels[c.status]} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                Reçue le {formatShortDateTime(c.received_at)} de {c.email}
                {c.course_title ? ` · Formation « ${c.course_title} »` : ''}
                {c.taken_at ? ` · Prise en charge le ${formatShortDateTime(c.taken_at)}` : ''}
                {c.resolved_at ? ` · Résolue le ${formatShortDateTime(c.resolved_at)}` : ''}
              </Typography>
              <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{c.description}</Typography>
              {c.answer && (
                <Alert severity="success" icon={false} sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                  Réponse : {c.answer}
                </Alert>
              )}
              <LinkedActions actions={c.actions} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
                {c.status === 'new' && (
                  <Button
                    variant="outlined"
                    disabled={update.isPending}
                    onClick={() => update.mutate({ id: c.id, status: 'in_progress' }, { onSuccess: () => onMessage(`La réclamation n° ${c.id} est prise en charge.`), onError: (e) => onMessage(e.message) })}
                  >
                    Prendre en charge
                  </Button>
                )}
                {c.status !== 'resolved' && (
                  <Button variant="contained" onClick={() => setAnswering(c)}>
                    Répondre et résoudre
                  </Button>
                )}
                <Button
                  onClick={() =>
                    setDrafting({ id: null, title: '', owner: '', due: '', status: 'planned', sources: [{ type: 'complaint', id: c.id }], sourceLabel: `réclamation n° ${c.id} « ${c.subject} »` })
                  }
                >
                  Créer une action d’amélioration
                </Button>
              </Stack>
            </Paper>
          ))}
          <Pager label="Pages des réclamations" info={data} page={page} onChange={setPage} />
        </Stack>
      )}
      {answering && (
        <AnswerDialog
          complaint={answering}
          onClose={() => setAnswering(null)}
          onDone={(message) => {
            setAnswering(null);
            onMessage(message);
          }}
        />
      )}
      {drafting && (
        <ImprovementDialog
          draft={drafting}
          onClose={() => setDrafting(null)}
          onSaved={(message) => {
            setDrafting(null);
            onMessage(message);
          }}
        />
      )}
    </section>
  );
}
