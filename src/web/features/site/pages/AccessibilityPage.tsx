import { Container, Typography } from '@mui/material';

export default function AccessibilityPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">AccessibilityPage</Typography>
    </Container>
  );
}
