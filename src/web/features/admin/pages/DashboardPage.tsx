import { Container, Typography } from '@mui/material';

export default function DashboardPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">DashboardPage</Typography>
    </Container>
  );
}
