import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDay, formatEuros, plural } from '../../../../shared/french-format';
import { quoteStatusLabels, type Quote } from '../../../../shared/quotes';
import { downloadConventionPdf, downloadQuoteInvoicePdf, downloadQuotePdf } from '../api/download-quote';

const statusColor = { pending: 'warning', accepted: 'success', expired: 'default' } as const;

/** One quote: its figures, its PDFs, and, for the organisation, « Accepter » while it may. */
export function QuoteCard({ quote, showOrganisation = false, onAccept, onError }: { quote: Quote; showOrganisation?: boolean; onAccept?: (quote: Quote) => void; onError: (message: string) => void }) {
  const invoice = quote.invoice;
  const fail = (caught: unknown) => onError(caught instanceof Error ? caught.message : 'Le téléchargement a échoué.');
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2.5 }} aria-labelledby={`quote-${quote.id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={`quote-${quote.id}`} component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
          {`Devis ${quote.number}`}
        </Typography>
        <Chip size="small" label={quoteStatusLabels[quote.status]} color={statusColor[quote.status]} variant={quote.status === 'expired' ? 'outlined' : 'filled'} />
      </Stack>
      <Typography>
        {showOrganisation ? `${quote.organisation.name} · ` : ''}
        {`« ${quote.course.title} » · ${plural(quote.seats, 'place')} × ${formatEuros(quote.unit_price_cents / 100)} = ${formatEuros(quote.total_cents / 100)} HT`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {quote.accepted_at
          ? `Accepté le ${formatDay(quote.accepted_at)} · convention ${quote.convention_number ?? ''}${quote.invoice ? ` · facture ${quote.invoice.number}` : ''}`
          : `Établi le ${formatDay(quote.created_at)} · valable jusqu’au ${formatDay(quote.valid_until)}`}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {onAccept && quote.status === 'pending' && (
          <Button variant="contained" size="small" onClick={() => onAccept(quote)}>
            {`Accepter le devis ${quote.number}`}
          </Button>
        )}
        <Button variant="outlined" size="small" onClick={() => downloadQuotePdf(quote).catch(fail)}>
          {`Devis ${quote.number} (PDF)`}
        </Button>
        {quote.status === 'accepted' && (
          <Button variant="outlined" size="small" onClick={() => downloadConventionPdf(quote).catch(fail)}>
            {`Convention ${quote.convention_number ?? ''} (PDF)`}
          </Button>
        )}
        {invoice && (
          <Button variant="outlined" size="small" onClick={() => downloadQuoteInvoicePdf(invoice).catch(fail)}>
            {`Facture ${invoice.number} (PDF)`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
