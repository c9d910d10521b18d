import { Container, Typography } from '@mui/material';

export default function MembersPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">MembersPage</Typography>
    </Container>
  );
}
