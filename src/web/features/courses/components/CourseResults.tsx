import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatNumber, formatShortDateTime, plural } from '../../../../shared/french-format';
import type { CourseResults as Results } from '../../../../shared/public-info';
import { formatPeriodDay, SATISFACTION_MIN_COUNT } from '../../../../shared/public-info-rules';
import { useCourseResults } from '../api/get-course-results';

/** One figure of the results: its label and its value, as a description list row. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label} :
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The course's public results (Qualiopi indicator 2) with their period; nothing while they load or if they fail (they are secondary). */
export function CourseResultsView({ results }: { results: Results }) {
  const { period, enrolled, completed } = results;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="resultats-titre" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
      <Typography id="resultats-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
        Résultats de la formation
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Résultats du {formatPeriodDay(period.from)} au {formatPeriodDay(period.to)} :
      </Typography>
      {enrolled === 0 ? (
        <Typography>Aucune inscription sur cette période.</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
          <Figure label="Personnes inscrites" value={formatNumber(enrolled)} />
          <Figure label="Taux d'achèvement" value={`${results.completion_rate ?? 0} % (${plural(completed, 'formation achevée', 'formations achevées')})`} />
          <Figure label="Réussite aux quiz" value={results.quiz_success_rate === null ? 'aucun quiz passé sur la période' : `${results.quiz_success_rate} % des quiz tentés réussis`} />
          <Figure
            label="Satisfaction"
            value={results.satisfaction ? `${formatNumber(results.satisfaction.average, 1)} / 5 (${results.satisfaction.count} avis)` : `publiée à partir de ${SATISFACTION_MIN_COUNT} avis`}
          />
        </Box>
      )}
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        Chiffres calculés le {formatShortDateTime(results.computed_at)}.
      </Typography>
    </Paper>
  );
}

export function CourseResults({ courseId }: { courseId: number }) {
  const results = useCourseResults(courseId);
  if (!results.data) return null;
  return <CourseResultsView results={results.data} />;
}
