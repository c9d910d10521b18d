import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatShortDate } from '../../../../shared/french-format';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePositioningResults } from '../api/get-positioning-results';

/**
 * « Résultats du test de positionnement »: each enrolled learner's first score (the level they came
 * in with), for the course's trainer. `lessonId` keeps the rows of one quiz; without it, every test
 * of the course (the learners view can reuse it as it is).
 */
export function PositioningResultsTable({ courseId, lessonId }: { courseId: number; lessonId?: number }) {
  const results = usePositioningResults(courseId);
  const rows = results.data?.items.filter((row) => lessonId === undefined || row.lesson_id === lessonId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="positionnement-titre" sx={{ p: { xs: 1.5, sm: 3 }, mb: 4 }}>
      <Typography id="positionnement-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
        Résultats du test de positionnement
      </Typography>
      {!rows ? (
        <QueryStatus query={results} loadingLabel="Chargement des résultats" errorMessage="Les résultats n'ont pas pu être chargés." />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Aucune personne inscrite n'a encore passé ce test.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="positionnement-titre">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">Personne inscrite</TableCell>
                {lessonId === undefined && <TableCell component="th" scope="col">Test</TableCell>}
                <TableCell component="th" scope="col" align="right">Score de départ</TableCell>
                <TableCell component="th" scope="col">Passé le</TableCell>
                <TableCell component="th" scope="col" align="right">Tentatives</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.user_id}-${row.lesson_id}`}>
                  <TableCell component="th" scope="row">{row.learner_name}</TableCell>
                  {lessonId === undefined && <TableCell>{row.quiz_title}</TableCell>}
                  <TableCell align="right">{row.score} %</TableCell>
                  <TableCell>{formatShortDate(row.attempted_at)}</TableCell>
                  <TableCell align="right">{row.attempts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
