import { Container, Typography } from '@mui/material';

export default function NotFoundPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">NotFoundPage</Typography>
    </Container>
  );
}
