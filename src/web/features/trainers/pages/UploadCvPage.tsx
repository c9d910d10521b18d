import { Container, Typography } from '@mui/material';

export default function UploadCvPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">UploadCvPage</Typography>
    </Container>
  );
}
