import { Container, Typography } from '@mui/material';

export default function WaitingApprovalPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">WaitingApprovalPage</Typography>
    </Container>
  );
}
