import { Container, Typography } from '@mui/material';

export default function LoginPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">LoginPage</Typography>
    </Container>
  );
}
