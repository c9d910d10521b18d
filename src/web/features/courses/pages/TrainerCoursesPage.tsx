import { Container, Typography } from '@mui/material';

export default function TrainerCoursesPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">TrainerCoursesPage</Typography>
    </Container>
  );
}
