import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { invoiceStatuses, invoiceStatusLabels, type InvoiceStatus, type InvoiceSummary } from '../../../../shared/invoices';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { downloadInvoicesCsv, useAdminInvoices } from '../api/invoices-api';
import { CreditNoteDialog } from '../components/CreditNoteDialog';
import { InvoicesTable } from '../components/InvoicesTable';
import { PaymentDialog } from '../components/PaymentDialog';

/** /admin/factures: every invoice and credit note, by year and status, the CSV journal, payments received and credit notes. */
export default function AdminInvoicesPage() {
  usePageTitle('Factures');
  const [year, setYear] = useState<number | null>(null);
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'payment' | 'credit'; invoice: InvoiceSummary } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const list = useAdminInvoices(year, status);
  const data = useFirstArrival(list.data);
  const saved = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, color: 'primary.dark', mb: 1 }}>
        Factures
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Numérotation continue par année ; une facture émise ne se modifie pas : elle se corrige par un avoir.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <TextField select label="Année" value={year ?? ''} onChange={(e) => setYear(e.target.value ? Number(e.target.value) : null)} sx={{ minWidth: 140 }}>
          <MenuItem value="">Toutes</MenuItem>
          {(data?.years ?? []).map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Statut" value={status ?? ''} onChange={(e) => setStatus((e.target.value || null) as InvoiceStatus | null)} sx={{ minWidth: 200 }}>
          <MenuItem value="">Tous</MenuItem>
          {invoiceStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {invoiceStatusLabels[s]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" color={exportFailed ? 'error' : 'primary'} onClick={() => downloadInvoicesCsv(year, status).then(() => setExportFailed(false), () => setExportFailed(true))}>
          {exportFailed ? 'Export CSV : échec, réessayer' : 'Exporter en CSV'}
        </Button>
      </Stack>
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {data ? (
        <InvoicesTable
          invoices={data.invoices}
          showBuyer
          caption="Factures et avoirs"
          actions={(invoice) =>
            invoice.kind === 'invoice' && (
              <>
                {(invoice.status === 'unpaid' || invoice.status === 'partially_paid') && (
                  <Button size="small" variant="contained" onClick={() => setDialog({ kind: 'payment', invoice })} aria-label={`Enregistrer un paiement pour la facture ${invoice.number}`}>
                    Enregistrer un paiement
                  </Button>
                )}
                {invoice.credited_cents < invoice.total_cents && (
                  <Button size="small" onClick={() => setDialog({ kind: 'credit', invoice })} aria-label={`Émettre un avoir sur la facture ${invoice.number}`}>
                    Avoir
                  </Button>
                )}
              </>
            )
          }
        />
      ) : (
        <QueryStatus query={list} loadingLabel="Chargement des factures" errorMessage={list.error?.message ?? 'Les factures n’ont pas pu être chargées.'} />
      )}
      {dialog?.kind === 'payment' && <PaymentDialog invoice={dialog.invoice} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'credit' && <CreditNoteDialog invoice={dialog.invoice} onClose={() => setDialog(null)} onSaved={saved} />}
    </Container>
  );
}
