import { Container, Typography } from '@mui/material';

export default function CataloguePage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">CataloguePage</Typography>
    </Container>
  );
}
