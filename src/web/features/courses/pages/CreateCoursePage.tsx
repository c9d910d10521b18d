import { Container, Typography } from '@mui/material';

export default function CreateCoursePage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">CreateCoursePage</Typography>
    </Container>
  );
}
