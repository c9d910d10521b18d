import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { sectorLabels, sizeBandLabels, type AdminOrganisation } from '../../../../shared/organisations';
import { usePageTitle } from '../../../lib/page-title';
import { useAdminOrganisations } from '../api/get-admin-organisations';
import { SeatsDialog } from '../components/SeatsDialog';
import { Pager } from '../../../components/Pager';
import { plural } from '../../../../shared/french-format';

const organisationName = (o: AdminOrganisation) => o.details?.organisation_name ?? `${o.contact.name} (informations non renseignées)`;

/** /admin/organisations: every organisation, its contact, member counts and seat pools; the pools are set here. */
export default function AdminOrganisationsPage() {
  usePageTitle('Organisations');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useAdminOrganisations({ ...(q ? { q } : {}), page });
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<number | null>(null);
  const data = list.data;
  const current = data?.items.find((o) => o.id === editing) ?? null;

  function go(next: { q?: string; page?: number }) {
    const query = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) query.set('q', nextQ);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Organisations
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Les employeurs et acheteurs de formation, leurs membres et les places attribuées par formation.
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label="Rechercher une organisation"
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: search.trim(), page: 1 });
        }}
        sx={{ display: 'flex', gap: 1.5, mb: 3, flexWrap: 'wrap' }}
      >
        <TextField label="Nom, SIRET, ville ou contact" size="small" value={search} onChange={(event) => setSearch(event.target.value)} sx={{ flex: '1 1 18rem' }} />
        <Button type="submit" variant="outlined">
          Rechercher
        </Button>
      </Box>

      {list.isPending && <CircularProgress aria-label="Chargement des organisations" />}
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      {data && data.items.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{q ? 'Aucune organisation ne correspond à cette recherche.' : "Aucune organisation n'est encore inscrite."}</Typography>
        </Paper>
      )}
      {data && data.items.length > 0 && (
        <Stack component="ul" aria-label="Organisations" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.items.map((o) => {
            const name = organisationName(o);
            return (
              <Paper component="li" variant="outlined" key={o.id} sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                  {o.details && (
                    <Typography variant="body2" color="text.secondary">
                      SIRET {o.details.siret} · {sectorLabels[o.details.sector]} · {sizeBandLabels[o.details.size_band]} · {o.details.postal_code} {o.details.city}
                    </Typography>
                  )}
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    Contact : {o.contact.name} · {o.contact.email}
                    {o.contact.phone ? ` · ${o.contact.phone}` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {`${plural(o.members.active, 'membre')} · ${plural(o.members.invited, 'invitation')} en attente`}
                  </Typography>
                  <Typography variant="body2">
                    {o.seats.length === 0 ? 'Aucune place attribuée' : `Places : ${o.seats.map((p) => `${p.course_title} (${p.used}/${p.seats})`).join(', ')}`}
                  </Typography>
                </Box>
                <Box sx={{ alignSelf: { sm: 'center' } }}>
                  <Button variant="outlined" onClick={() => setEditing(o.id)} disabled={!o.details} aria-label={`Gérer les places de ${name}`}>
                    Gérer les places
                  </Button>
                </Box>
              </Paper>
            );
          })}
        </Stack>
      )}
      {data && <Pager info={data} page={page} onChange={(next) => go({ page: next })} label="Pages des organisations" />}
      {current && <SeatsDialog organisation={current} name={organisationName(current)} onClose={() => setEditing(null)} />}
    </Container>
  );
}
