import { Container, Typography } from '@mui/material';

export default function CookiesPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">CookiesPage</Typography>
    </Container>
  );
}
