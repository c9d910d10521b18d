import { Container, Typography } from '@mui/material';

export default function UserDetailPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">UserDetailPage</Typography>
    </Container>
  );
}
