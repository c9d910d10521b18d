import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { quoteStatuses, quoteStatusLabels } from '../../../../shared/quotes';
import { Pager } from '../../../components/Pager';
import { QueryStatus } from '../../../components/QueryStatus';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useAdminQuotes } from '../api/get-admin-quotes';
import { QuoteCard } from '../components/QuoteCard';

/** /admin/devis: every organisation's quotes and conventions, searched and filtered. */
export default function AdminQuotesPage() {
  usePageTitle('Devis des organisations');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const quotes = useAdminQuotes({ q, status, page });
  const data = useFirstArrival(quotes.data);
  const [error, setError] = useState<string | null>(null);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Devis des organisations
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2, mb: 3 }}>
        <TextField label="Rechercher (numéro, organisation, formation)" value={search} onChange={(event) => { setSearch(event.target.value); setPage(1); }} />
        <TextField select label="Statut" value={status} onChange={(event) => { setStatus(event.target.value); setPage(1); }} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
          <option value="">Tous</option>
          {quoteStatuses.map((s) => (
            <option key={s} value={s}>
              {quoteStatusLabels[s]}
            </option>
          ))}
        </TextField>
      </Box>
      {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
      {!data ? (
        <QueryStatus query={quotes} loadingLabel="Chargement des devis" errorMessage="Impossible de charger les devis." />
      ) : data.items.length === 0 ? (
        <Typography>Aucun devis.</Typography>
      ) : (
        <>
          <Stack spacing={2}>
            {data.items.map((quote) => (
              <QuoteCard key={quote.id} quote={quote} showOrganisation onError={setError} />
            ))}
          </Stack>
          <Pager label="Pages des devis" info={data} page={page} onChange={setPage} mt={3} />
        </>
      )}
    </Container>
  );
}
