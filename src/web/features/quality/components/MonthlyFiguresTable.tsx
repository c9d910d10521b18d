import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../../shared/french-format';
import { QueryStatus } from '../../../components/QueryStatus';
import { useMonthlyFigures } from '../api/quality-api';
import { onFirstUse } from '../../../../shared/on-first-use';

const monthFormat = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** « novembre 2026 » from '2026-11'. */
function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthFormat().format(new Date(Date.UTC(year, m - 1, 15)));
}

/** The admin dashboard's platform figures by month over 12 months: enrolments, completions, average satisfaction, complaints. */
export function MonthlyFiguresTable() {
  const figures = useMonthlyFigures();
  return (
    <section aria-labelledby="monthly-figures-title">
      <Typography id="monthly-figures-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Chiffres de la plateforme sur 12 mois
      </Typography>
      {!figures.data ? (
        <QueryStatus query={figures} loadingLabel="Chargement des chiffres" errorMessage="Les chiffres n’ont pas pu être chargés." />
      ) : (
        <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-labelledby="monthly-figures-title">
          <Table size="small" aria-labelledby="monthly-figures-title">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">Mois</TableCell>
                <TableCell component="th" scope="col" align="right">Inscriptions</TableCell>
                <TableCell component="th" scope="col" align="right">Formations terminées</TableCell>
                <TableCell component="th" scope="col" align="right">Satisfaction moyenne</TableCell>
                <TableCell component="th" scope="col" align="right">Réclamations</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...figures.data.months].reverse().map((m) => (
                <TableRow key={m.month}>
                  <TableCell component="th" scope="row">{monthLabel(m.month)}</TableCell>
                  <TableCell align="right">{formatNumber(m.enrolments)}</TableCell>
                  <TableCell align="right">{formatNumber(m.completions)}</TableCell>
                  <TableCell align="right">{m.satisfaction === null ? '—' : `${formatNumber(m.satisfaction, 1)} / 5`}</TableCell>
                  <TableCell align="right">{formatNumber(m.complaints)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
