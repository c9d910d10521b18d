import { Container, Typography } from '@mui/material';

export default function ApprovalsPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">ApprovalsPage</Typography>
    </Container>
  );
}
