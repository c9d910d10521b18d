import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formatEuros, plural } from '../../../../shared/french-format';
import { QUOTE_MAX_SEATS, QUOTE_VALIDITY_DAYS, quoteMessages, type Quote } from '../../../../shared/quotes';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRequestQuote } from '../api/request-quote';
import { useQuotableCourses, useQuotedCourse } from '../api/search-courses';

/** « Demander un devis »: a course (searched, or named by the link that led here) and a number of seats. */
export function QuoteRequestForm({ initialCourseId, onDone }: { initialCourseId: number | null; onDone: (quote: Quote) => void }) {
  const request = useRequestQuote();
  const named = useQuotedCourse(initialCourseId);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const found = useQuotableCourses(query);
  const [chosen, setChosen] = useState<string>(initialCourseId ? String(initialCourseId) : '');
  const [seats, setSeats] = useState('1');
  const [error, setError] = useState<string | null>(null);

  const options = [...(named.data && !found.data?.items.some((c) => c.id === named.data.id) ? [named.data] : []), ...(found.data?.items ?? [])].filter((c) => c.price > 0);
  const course = options.find((c) => String(c.id) === chosen);
  const n = Number(seats);
  const validSeats = seats.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= QUOTE_MAX_SEATS;
  const unit = course ? (course.discountPrice !== null && course.discountPrice < course.price ? course.discountPrice : course.price) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setError(quoteMessages.courseRequired);
    if (!validSeats) return setError(quoteMessages.seatsInvalid);
    setError(null);
    try {
      onDone(await request.mutateAsync({ course_id: Number(chosen), seats: n }));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Le devis n’a pas pu être établi.');
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="quote-request-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="quote-request-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Demander un devis
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Le devis est établi aussitôt, au prix actuel de la formation, et reste valable {QUOTE_VALIDITY_DAYS} jours. En l’acceptant, vous recevez la convention de formation et la facture, et les places sont ouvertes.
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Demander un devis">
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 160px' }, gap: 2, alignItems: 'start' }}>
          <TextField label="Rechercher une formation" value={search} onChange={(event) => setSearch(event.target.value)} />
          <TextField select label="Formation" value={chosen} onChange={(event) => setChosen(event.target.value)} required slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
            <option value="">{found.isFetching ? 'Recherche…' : `Choisissez parmi ${plural(options.length, 'formation')}`}</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </TextField>
          <TextField
            label="Nombre de places"
            type="number"
            value={seats}
            onChange={(event) => setSeats(event.target.value)}
            required
            slotProps={{ htmlInput: { min: 1, max: QUOTE_MAX_SEATS, step: 1, inputMode: 'numeric' } }}
          />
        </Box>
        {unit !== null && validSeats && (
          <Typography role="status" sx={{ mt: 2 }}>
            {`${plural(n, 'place')} × ${formatEuros(unit)} = ${formatEuros(unit * n)} HT`}
          </Typography>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={request.isPending}>
          Demander le devis
        </Button>
      </Box>
    </Paper>
  );
}
