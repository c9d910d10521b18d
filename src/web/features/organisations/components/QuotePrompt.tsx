import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { quoteMessages } from '../../../../shared/quotes';
import { webPaths } from '../../../../shared/web-paths';
import { useOrganisationCourses } from '../api/get-organisation-courses';

/** Where seats may be missing: « Demander un devis » (issue 29), prominent while the organisation has none. */
export function QuotePrompt({ courseId }: { courseId?: number }) {
  const courses = useOrganisationCourses();
  const to = courseId ? `${webPaths.organisationQuotes}?course=${courseId}` : webPaths.organisationQuotes;
  const button = (
    <Button component={RouterLink} to={to} variant={courses.data?.length === 0 ? 'contained' : 'outlined'} size="small">
      Demander un devis
    </Button>
  );
  if (courses.data && courses.data.length === 0) {
    return (
      <Alert severity="info" action={button} sx={{ mb: 3 }}>
        {quoteMessages.noSeatsHint}
      </Alert>
    );
  }
  return (
    <Stack direction="row" sx={{ gap: 1, mb: 3, flexWrap: 'wrap' }}>
      {button}
      <Button component={RouterLink} to={webPaths.organisationQuotes} size="small">
        Devis et conventions
      </Button>
    </Stack>
  );
}
