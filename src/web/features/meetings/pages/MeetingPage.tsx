import { Container, Typography } from '@mui/material';

export default function MeetingPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">MeetingPage</Typography>
    </Container>
  );
}
