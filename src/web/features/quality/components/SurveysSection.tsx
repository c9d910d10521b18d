import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/french-format';
import { surveyQuestions } from '../../../../shared/quality';
import { Pager } from '../../../components/Pager';
import { QueryStatus } from '../../../components/QueryStatus';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { qualityExports, useSurveyAnswers } from '../api/quality-api';
import { ExportButton } from '../../../components/ExportButton';
import { ImprovementDialog, type ImprovementDraft } from './ImprovementDialog';
import { LinkedActions } from './LinkedActions';

/** The cold survey's answers (indicator 30), with the actions drawn from them. */
export function SurveysSection({ onMessage }: { onMessage: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const answers = useSurveyAnswers(page);
  const data = useFirstArrival(answers.data);
  const [drafting, setDrafting] = useState<ImprovementDraft | null>(null);
  return (
    <section aria-labelledby="surveys-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}>
        <Typography id="surveys-title" variant="h5" component="h2">
          Enquêtes à froid
        </Typography>
        <ExportButton label="Exporter les réponses (CSV)" onExport={qualityExports.surveys} />
      </Stack>
      {!data ? (
        <QueryStatus query={answers} loadingLabel="Chargement des réponses" errorMessage="Les réponses n’ont pas pu être chargées." />
      ) : data.items.length === 0 ? (
        <Typography>Aucune réponse pour l’instant.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.items.map((a) => (
            <Paper key={a.id} variant="outlined" sx={{ p: 2 }} component="article" aria-labelledby={`survey-${a.id}`}>
              <Typography id={`survey-${a.id}`} variant="h6" component="h3" sx={{ fontSize: '1.1rem' }}>
                n° {a.id} : « {a.course_title} », {a.learner}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Répondu le {formatShortDateTime(a.created_at)} · Note : {a.rating} / 5
              </Typography>
              <Typography sx={{ mt: 1 }}>
                <strong>{surveyQuestions.practice}</strong> {a.practice}
              </Typography>
              <Typography sx={{ mt: 0.5 }}>
                <strong>{surveyQuestions.effect}</strong> {a.effect}
              </Typography>
              <LinkedActions actions={a.actions} />
              <Button
                sx={{ mt: 1 }}
                onClick={() => setDrafting({ id: null, title: '', owner: '', due: '', status: 'planned', sources: [{ type: 'survey', id: a.id }], sourceLabel: `réponse d’enquête n° ${a.id}` })}
              >
                Créer une action d’amélioration
              </Button>
            </Paper>
          ))}
          <Pager label="Pages des réponses" info={data} page={page} onChange={setPage} />
        </Stack>
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
