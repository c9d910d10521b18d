import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * What a page shows while one of its queries has no data: a labelled spinner while it loads, or
 * its French error with « Réessayer ». The page renders its data itself once the query succeeds.
 */
export function QueryStatus({ query, loadingLabel, errorMessage }: { query: { isError: boolean; refetch: () => unknown }; loadingLabel: string; errorMessage: string }) {
  if (query.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>Réessayer</Button>}>
        {errorMessage}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={loadingLabel} />
    </Box>
  );
}
