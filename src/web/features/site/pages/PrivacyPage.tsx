import { Container, Typography } from '@mui/material';

export default function PrivacyPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">PrivacyPage</Typography>
    </Container>
  );
}
