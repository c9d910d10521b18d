import { Container, Typography } from '@mui/material';

export default function ProfilePage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">ProfilePage</Typography>
    </Container>
  );
}
