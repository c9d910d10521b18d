import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BpfLine } from '../../../../shared/bpf';
import { formatEuros, formatNumber } from '../../../../shared/french-format';
import { onFirstUse } from '../../../../shared/on-first-use';

const hoursFormat = onFirstUse(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }));

/** One frame of the BPF as a table: the Cerfa's line, its label, and its figures (an amount, or people and hours). */
export function BpfFrameTable({ id, title, lines, money }: { id: string; title: string; lines: readonly BpfLine[]; money?: boolean }) {
  const titleId = `bpf-${id}-title`;
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-labelledby={titleId}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">Ligne</TableCell>
              <TableCell component="th" scope="col">Libellé</TableCell>
              {money ? (
                <TableCell component="th" scope="col" align="right">Montant HT</TableCell>
              ) : (
                <>
                  <TableCell component="th" scope="col" align="right">Nombre</TableCell>
                  <TableCell component="th" scope="col" align="right">Heures</TableCell>
                </>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => {
              const strong = line.key === 'total' ? { fontWeight: 700 } : {};
              return (
                <TableRow key={line.key}>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...strong }}>{line.code}</TableCell>
                  <TableCell component="th" scope="row" sx={{ pl: line.detail ? 4 : undefined, color: line.key === 'unclassified' ? 'warning.dark' : undefined, ...strong }}>
                    {line.label}
                  </TableCell>
                  {money ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...strong }}>{formatEuros((line.amount_cents ?? 0) / 100)}</TableCell>
                  ) : (
                    <>
                      <TableCell align="right" sx={strong}>{formatNumber(line.count ?? 0)}</TableCell>
                      <TableCell align="right" sx={strong}>{hoursFormat().format(line.hours ?? 0)}</TableCell>
                    </>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
