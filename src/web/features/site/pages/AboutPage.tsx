import { Container, Typography } from '@mui/material';

export default function AboutPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">AboutPage</Typography>
    </Container>
  );
}
