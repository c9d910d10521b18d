import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatEuros, plural } from '../../../../shared/french-format';
import type { Quote } from '../../../../shared/quotes';
import { webPaths } from '../../../../shared/web-paths';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useAcceptQuote } from '../api/accept-quote';
import { useQuotes } from '../api/get-quotes';
import { QuoteCard } from '../components/QuoteCard';
import { QuoteRequestForm } from '../components/QuoteRequestForm';

/** /organisme/devis: ask a quote for seats, accept it (convention, invoice, seats), download the PDFs. */
export default function OrganisationQuotesPage() {
  usePageTitle('Devis et conventions');
  const [params] = useSearchParams();
  const initialCourse = Number(params.get('course'));
  const accept = useAcceptQuote();
  const [confirming, setConfirming] = useState<Quote | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!confirming) return;
    setAcceptError(null);
    try {
      const done = await accept.mutateAsync(confirming.id);
      setConfirming(null);
      setNotice(`Devis ${done.quote.number} accepté : convention ${done.quote.convention_number ?? ''} établie, ${plural(done.seats.seats - done.seats.used, 'place disponible', 'places disponibles')} pour « ${done.quote.course.title} ».`);
    } catch (caught) {
      setAcceptError(caught instanceof Error ? caught.message : 'Le devis n’a pas pu être accepté.');
    }
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Devis et conventions
      </Typography>
      <Stack spacing={3}>
        <QuoteRequestForm initialCourseId={Number.isInteger(initialCourse) && initialCourse > 0 ? initialCourse : null} onDone={(quote) => setNotice(`Devis ${quote.number} établi : ${formatEuros(quote.total_cents / 100)} HT, à accepter avant son expiration.`)} />
        {notice && (
          <Alert severity="success" role="status">
            {notice}{' '}
            <Link component={RouterLink} underline="always" to={webPaths.organisationMembers}>
              Inscrire des membres
            </Link>
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <section aria-labelledby="quotes-list-title">
          <Typography id="quotes-list-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Mes devis
          </Typography>
          <QuoteList onAccept={(q) => { setAcceptError(null); setConfirming(q); }} onError={setError} />
        </section>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={`Accepter le devis ${confirming?.number ?? ''} ?`}
        confirmLabel="Accepter et signer la convention"
        pending={accept.isPending}
        error={acceptError}
        onClose={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      >
        {confirming
          ? `Votre organisation s’engage pour ${plural(confirming.seats, 'place')} à « ${confirming.course.title} », soit ${formatEuros(confirming.total_cents / 100)} HT. La convention de formation et la facture sont établies aussitôt, et les places ouvertes.`
          : ''}
      </ConfirmDialog>
    </Container>
  );
}

/** The organisation's quotes. Its own component, so that the list's answer re-renders the list alone, not the request form above it. */
function QuoteList({ onAccept, onError }: { onAccept: (quote: Quote) => void; onError: (message: string) => void }) {
  const quotes = useQuotes();
  const data = useFirstArrival(quotes.data);
  return !data ? (
    <QueryStatus query={quotes} loadingLabel="Chargement des devis" errorMessage={quotes.error?.message ?? 'Impossible de charger les devis.'} />
  ) : data.items.length === 0 ? (
    <Typography>Aucun devis pour le moment.</Typography>
  ) : (
    <Stack spacing={2}>
      {data.items.map((quote) => (
        <QuoteCard key={quote.id} quote={quote} onAccept={onAccept} onError={onError} />
      ))}
    </Stack>
  );
}
