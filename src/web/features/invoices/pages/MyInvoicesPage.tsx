import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useMyInvoices } from '../api/invoices-api';
import { InvoicesTable } from '../components/InvoicesTable';

/** « Mes factures »: the learner's invoices and credit notes, each as a PDF. */
export default function MyInvoicesPage() {
  usePageTitle('Mes factures');
  const invoices = useMyInvoices();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 36 }, color: 'primary.dark', mb: 1 }}>
        Mes factures
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Vos factures et avoirs de formation. Le paiement se fait par virement, aux coordonnées bancaires indiquées sur chaque facture.
      </Typography>
      {invoices.data ? (
        <InvoicesTable invoices={invoices.data.invoices} caption="Mes factures et avoirs" />
      ) : (
        <QueryStatus query={invoices} loadingLabel="Chargement de vos factures" errorMessage={invoices.error?.message ?? 'Vos factures n’ont pas pu être chargées.'} />
      )}
    </Container>
  );
}
