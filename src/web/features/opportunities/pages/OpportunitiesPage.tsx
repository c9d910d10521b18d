import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { plural } from '../../../../shared/french-format';
import { opportunityTypeLabels, opportunityTypes } from '../../../../shared/opportunities';
import { isAdmin, isOrganisation } from '../../../../shared/roles';
import { webPaths } from '../../../../shared/web-paths';
import { LinkButton } from '../../../components/LinkButton';
import { Pager } from '../../../components/Pager';
import { usePageTitle } from '../../../lib/page-title';
import { toActor, useSession } from '../../../lib/session';
import { useOpportunities } from '../api/get-opportunities';
import { OpportunityCard } from '../components/OpportunityCard';
import { QueryStatus } from '../../../components/QueryStatus';
import { FilterSelect } from '../../../components/FilterSelect';
import { domainOptions, regionOptions } from '../../../lib/filter-options';

/** /opportunites: the open opportunities with their filters; posters also see their own, closed ones included. */
export default function OpportunitiesPage() {
  usePageTitle('Opportunités');
  const user = useSession((state) => state.user);
  const actor = user ? toActor(user) : null;
  const canPost = isOrganisation(actor) || isAdmin(actor);
  const [scope, setScope] = useState<'open' | 'mine'>('open');
  const [type, setType] = useState('');
  const [region, setRegion] = useState('');
  const [domain, setDomain] = useState('');
  const [page, setPage] = useState(1);
  const list = useOpportunities({ type: type || undefined, region: region || undefined, domain: domain || undefined, scope, page });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ color: 'primary.dark' }}>
          Opportunités
        </Typography>
        <Stack direction="row" spacing={1.5}>
          {canPost ? (
            <LinkButton to={webPaths.newOpportunity} variant="contained">
              Publier une opportunité
            </LinkButton>
          ) : (
            <LinkButton to={webPaths.myApplications} variant="outlined">
              Mes candidatures
            </LinkButton>
          )}
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Emplois, stages, alternances, bénévolat, missions et demandes de formation publiés par les organisations de la transition écologique.
      </Typography>
      {canPost && (
        <Tabs value={scope} onChange={(_event, next: 'open' | 'mine') => { setScope(next); setPage(1); }} aria-label="Opportunités affichées" sx={{ mb: 2 }}>
          <Tab value="open" label="Ouvertes" />
          <Tab value="mine" label="Mes publications" />
        </Tabs>
      )}
      <Box component="search" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, mb: 3 }}>
        <FilterSelect label="Type" anyLabel="Tous les types" value={type} options={opportunityTypes.map((t) => ({ value: t, label: opportunityTypeLabels[t] }))} onChange={filter(setType)} />
        <FilterSelect label="Région" anyLabel="Toutes les régions" value={region} options={regionOptions} onChange={filter(setRegion)} />
        <FilterSelect label="Domaine" anyLabel="Tous les domaines" value={domain} options={domainOptions} onChange={filter(setDomain)} />
      </Box>
      {!list.isSuccess ? (
        <QueryStatus query={list} loadingLabel="Chargement des opportunités" errorMessage="Impossible de charger les opportunités." />
      ) : (
        <>
          <Typography role="status" sx={{ mb: 2 }}>
            {list.data.total === 0 ? 'Aucune opportunité ne correspond à ces critères.' : plural(list.data.total, 'opportunité')}
          </Typography>
          <Stack spacing={2}>
            {list.data.items.map((opportunity) => (
              <OpportunityCard key={opportunity.id} opportunity={opportunity} />
            ))}
          </Stack>
          <Stack sx={{ mt: 3 }}>
            <Pager label="Pages des opportunités" info={list.data} page={page} onChange={setPage} />
          </Stack>
        </>
      )}
    </Container>
  );
}
