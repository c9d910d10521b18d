import { Container, Typography } from '@mui/material';

export default function TermsPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">TermsPage</Typography>
    </Container>
  );
}
