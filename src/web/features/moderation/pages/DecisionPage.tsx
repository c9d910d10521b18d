import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../../shared/french-format';
import { idSchema } from '../../../../shared/ids';
import {
  contestBodySchema,
  moderationActionLabels,
  REPORT_EXPLANATION_MAX,
  reportTargetLabels,
  type ModerationDecision,
} from '../../../../shared/moderation';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useContestDecision, useDecision } from '../api/decisions';
import { CountedTextField } from '../../../components/CountedTextField';

/** What the decision means for the content, in the author's words. */
const consequences = {
  keep: 'Votre contenu reste visible : aucune restriction ne s’applique.',
  hide: 'Votre contenu est masqué : vous seul et les administrateurs le voyez encore.',
  delete: 'Votre contenu est supprimé de la plateforme.',
} as const;

function ContestForm({ decision }: { decision: ModerationDecision }) {
  const contest = useContestDecision(decision.id);
  const [explanation, setExplanation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const serverError = contest.error && !(contest.error instanceof ApiError && contest.error.fieldErrors) ? contest.error.message : null;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="contester"
      onSubmit={(event) => {
        event.preventDefault();
        if (contest.isPending) return;
        const parsed = contestBodySchema.safeParse({ explanation });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? null);
          field.current?.focus();
          return;
        }
        setError(null);
        contest.mutate({ id: decision.id, ...parsed.data }, { onError: (failure) => setError(serverFieldMessages(failure, ['explanation'] as const).explanation ?? null) });
      }}
    >
      <Typography id="contester" variant="h6" component="h2" sx={{ mb: 1 }}>
        Contester la décision
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Vous pouvez contester cette décision une seule fois. Expliquez pourquoi elle vous paraît erronée : un administrateur la réexaminera et vous
        informera de sa réponse motivée.
      </Typography>
      <CountedTextField label="Pourquoi contestez-vous cette décision ?" value={explanation} onChange={(event) => setExplanation(event.target.value)} max={REPORT_EXPLANATION_MAX} minRows={4} inputRef={field} error={error} />
      {serverError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverError}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={contest.isPending} sx={{ mt: 2 }}>
        Envoyer ma contestation
      </Button>
    </Box>
  );
}

/** /moderation/decisions/{id}: the statement of reasons of a decision on the author's content, and its contest. */
export default function DecisionPage() {
  usePageTitle('Décision de modération');
  const { id: rawId } = useParams();
  const parsedId = idSchema.safeParse(rawId ?? '');
  const id = parsedId.success ? parsedId.data : 0;
  const query = useDecision(id);
  const decision = useFirstArrival(query.data);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Décision de modération
      </Typography>
      {!parsedId.success || query.isError ? (
        <Alert severity="error">{query.error?.message ?? 'Décision introuvable.'}</Alert>
      ) : !decision ? (
        <CircularProgress aria-label="Chargement de la décision" />
      ) : (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Stack spacing={1.5}>
              <Typography variant="h6" component="h2">
                {moderationActionLabels[decision.action]}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {reportTargetLabels[decision.target_type]} · décision du {formatDateTime(decision.decided_at)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>« {decision.excerpt} »</Typography>
              <Typography>{consequences[decision.action]}</Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <strong>Motif :</strong> {decision.reason}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {decision.reviews_decision_id
                  ? 'Cette décision répond à votre contestation, après un nouvel examen par un administrateur.'
                  : 'Cette décision a été prise par un administrateur d’EcoForma, après examen humain, à la suite d’un signalement, au regard des conditions d’utilisation et de la loi.'}
              </Typography>
            </Stack>
          </Paper>
          {decision.contest && (
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Votre contestation
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Envoyée le {formatDateTime(decision.contest.contested_at)}
              </Typography>
              <Typography sx={{ my: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{decision.contest.explanation}</Typography>
              {decision.contest.answer ? (
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  <strong>Réponse :</strong>{' '}
                  {decision.contest.answer.action === decision.action ? 'décision confirmée' : decision.action === 'delete' ? 'décision annulée ; le contenu supprimé ne peut pas être rétabli' : 'décision annulée, votre contenu est de nouveau visible'}, le{' '}
                  {formatDateTime(decision.contest.answer.decided_at)}. Motif : {decision.contest.answer.reason}
                </Typography>
              ) : (
                <Alert severity="info">Votre contestation est en cours d’examen par un administrateur.</Alert>
              )}
            </Paper>
          )}
          {decision.contestable && <ContestForm decision={decision} />}
          {decision.action === 'delete' && decision.contestable && (
            <Typography variant="body2" color="text.secondary">
              Un contenu supprimé ne peut pas être rétabli : si votre contestation est retenue, la décision sera annulée, sans retour du contenu.
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            Vous pouvez aussi saisir un organisme de règlement extrajudiciaire des litiges certifié ou le juge.
          </Typography>
        </Stack>
      )}
    </Container>
  );
}
