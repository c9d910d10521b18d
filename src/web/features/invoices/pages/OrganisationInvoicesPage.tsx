import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useOrganisationInvoices } from '../api/invoices-api';
import { InvoicesTable } from '../components/InvoicesTable';

/** The organisation's invoices and credit notes: Factur-X PDFs its accounting software reads. */
export default function OrganisationInvoicesPage() {
  usePageTitle('Factures de l’organisation');
  const invoices = useOrganisationInvoices();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Factures de l’organisation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Chaque facture est au format Factur-X : un PDF lisible qui contient aussi la facture structurée pour votre logiciel comptable.
      </Typography>
      {invoices.data ? (
        <InvoicesTable invoices={invoices.data.invoices} caption="Factures et avoirs de l’organisation" />
      ) : (
        <QueryStatus query={invoices} loadingLabel="Chargement des factures" errorMessage={invoices.error?.message ?? 'Les factures n’ont pas pu être chargées.'} />
      )}
    </Container>
  );
}
