import { Container, Typography } from '@mui/material';

export default function SignupPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">SignupPage</Typography>
    </Container>
  );
}
