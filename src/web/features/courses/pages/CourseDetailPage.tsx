import { Container, Typography } from '@mui/material';

export default function CourseDetailPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">CourseDetailPage</Typography>
    </Container>
  );
}
