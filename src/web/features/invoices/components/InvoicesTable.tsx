import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState, type ReactNode } from 'react';
import { formatDate, formatEuros, formatShortDate } from '../../../../shared/french-format';
import { invoiceKindLabels, invoiceStatusLabels, type InvoiceSummary } from '../../../../shared/invoices';
import { downloadInvoicePdf } from '../api/invoices-api';

const euros = (cents: number) => formatEuros(cents / 100);
const statusColor = { issued: 'default', unpaid: 'warning', partially_paid: 'info', paid: 'success', cancelled: 'default' } as const;

/** Downloads one invoice's PDF; says so when it fails. */
function PdfButton({ invoice }: { invoice: InvoiceSummary }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const noun = invoice.kind === 'invoice' ? 'la facture' : 'l’avoir';
  return (
    <Button
      size="small"
      color={state === 'failed' ? 'error' : 'primary'}
      disabled={state === 'busy'}
      aria-label={`Télécharger ${noun} ${invoice.number} en PDF`}
      onClick={() => {
        setState('busy');
        downloadInvoicePdf(invoice).then(
          () => setState('idle'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'failed' ? 'Échec, réessayer' : 'PDF'}
    </Button>
  );
}

/** Invoices and credit notes as a table: number, date, training, amounts, status, PDF, and per-row actions for administrators. */
export function InvoicesTable({ invoices, showBuyer = false, actions, caption }: { invoices: InvoiceSummary[]; showBuyer?: boolean; actions?: (invoice: InvoiceSummary) => ReactNode; caption: string }) {
  if (invoices.length === 0) return <Alert severity="info">Aucune facture pour le moment.</Alert>;
  return (
    <TableContainer>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Numéro</TableCell>
            <TableCell>Date</TableCell>
            {showBuyer && <TableCell>Client</TableCell>}
            <TableCell>Formation</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Reste dû</TableCell>
            <TableCell>Statut</TableCell>
            <TableCell>Document</TableCell>
            {actions && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell>
                {invoiceKindLabels[invoice.kind]} {invoice.number}
                {invoice.credited_invoice_number && <div>{`sur la facture ${invoice.credited_invoice_number}`}</div>}
              </TableCell>
              <TableCell>
                {formatShortDate(invoice.issued_at)}
                {invoice.due_on && invoice.kind === 'invoice' && <div>{`échéance le ${formatDate(invoice.due_on)}`}</div>}
              </TableCell>
              {showBuyer && <TableCell>{invoice.buyer_name}</TableCell>}
              <TableCell>{invoice.course_title ?? '—'}</TableCell>
              <TableCell align="right">{euros(invoice.total_cents)}</TableCell>
              <TableCell align="right">{invoice.kind === 'invoice' ? euros(invoice.due_cents) : '—'}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={statusColor[invoice.status]} label={invoiceStatusLabels[invoice.status]} />
              </TableCell>
              <TableCell>
                <PdfButton invoice={invoice} />
              </TableCell>
              {actions && (
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {actions(invoice)}
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
