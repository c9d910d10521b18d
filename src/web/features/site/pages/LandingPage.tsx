import { Container, Typography } from '@mui/material';

export default function LandingPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">LandingPage</Typography>
    </Container>
  );
}
