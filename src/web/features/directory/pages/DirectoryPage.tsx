import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { plural } from '../../../../shared/french-format';
import { webPaths } from '../../../../shared/web-paths';
import { Pager } from '../../../components/Pager';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDirectory } from '../api/get-directory';
import { DirectoryCardView } from '../components/DirectoryCardView';
import { QueryStatus } from '../../../components/QueryStatus';
import { FilterSelect } from '../../../components/FilterSelect';
import { domainOptions, regionOptions } from '../../../lib/filter-options';

/** /annuaire: the members who chose to be listed, searched by name or title, filtered by domain and region. */
export default function DirectoryPage() {
  usePageTitle('Annuaire des membres');
  const [q, setQ] = useState('');
  const [domain, setDomain] = useState('');
  const [region, setRegion] = useState('');
  const [page, setPage] = useState(1);
  const filtered = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const search = useDebouncedValue(q.trim(), 300);
  const directory = useDirectory({ q: search || undefined, domain: domain || undefined, region: region || undefined, page });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        Annuaire des membres
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Seules les personnes qui ont choisi d’y figurer apparaissent ici, avec les informations qu’elles ont décidé de montrer.{' '}
        <Link component={RouterLink} underline="always" to={webPaths.myDirectory}>
          Gérer ma présence dans l’annuaire
        </Link>
      </Typography>
      <Box component="search" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, mb: 3 }}>
        <TextField
          label="Rechercher un nom ou un métier"
          type="search"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
        />
        <FilterSelect label="Domaine" anyLabel="Tous les domaines" value={domain} options={domainOptions} onChange={filtered(setDomain)} />
        <FilterSelect label="Région" anyLabel="Toutes les régions" value={region} options={regionOptions} onChange={filtered(setRegion)} />
      </Box>
      {!directory.isSuccess ? (
        <QueryStatus query={directory} loadingLabel="Chargement de l’annuaire" errorMessage="Impossible de charger l’annuaire." />
      ) : (
        <>
          <Typography role="status" sx={{ mb: 2 }}>
            {directory.data.total === 0 ? 'Aucun membre ne correspond à votre recherche.' : plural(directory.data.total, 'membre trouvé', 'membres trouvés')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {directory.data.items.map((card) => (
              <DirectoryCardView key={card.id} card={card} />
            ))}
          </Box>
          <Stack sx={{ mt: 3 }}>
            <Pager label="Pages de l’annuaire" info={directory.data} page={page} onChange={setPage} />
          </Stack>
        </>
      )}
    </Container>
  );
}
