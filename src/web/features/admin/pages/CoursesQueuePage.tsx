import RateReviewIcon from '../../../components/icons/RateReview';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { courseStatuses, courseStatusLabels, type CourseStatus } from '../../../../shared/courses';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { CourseStatusChip } from '../../courses';
import { useAdminCourses } from '../api/get-admin-courses';
import { formatShortDateTime } from '../../../../shared/french-format';
import { Pager } from '../../../components/Pager';

/** The filter's order: what needs a decision first. */
const filterOrder: CourseStatus[] = ['submitted', 'changes_requested', 'published', 'unpublished', 'draft'];

function readStatus(raw: string | null): CourseStatus | undefined {
  return (courseStatuses as readonly string[]).includes(raw ?? '') ? (raw as CourseStatus) : undefined;
}

/** /admin/courses: the review queue. Courses awaiting validation come first; a filter shows one state. */
export default function CoursesQueuePage() {
  usePageTitle('Formations à valider');
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('etat'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const courses = useAdminCourses({ status, page });
  const counts = courses.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;

  function go(next: { status?: CourseStatus | undefined; page?: number }) {
    const query = new URLSearchParams();
    const nextStatus = 'status' in next ? next.status : status;
    if (nextStatus) query.set('etat', nextStatus);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  }

  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Formations à valider
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Examinez chaque cours soumis, son contenu compris, puis publiez-le ou demandez des modifications à son auteur.
      </Typography>

      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={status ?? 'all'}
        onChange={(_event, value: string | null) => value !== null && go({ status: value === 'all' ? undefined : (value as CourseStatus), page: 1 })}
        aria-label="Filtrer par état"
        // The selected button's text in the dark green: the theme's main green on its tint is under 4.5:1.
        sx={{ flexWrap: 'wrap', mb: 3, '&& .Mui-selected': { color: 'primary.dark' } }}
      >
        <ToggleButton value="all">{label('Tous', total ?? undefined)}</ToggleButton>
        {filterOrder.map((s) => (
          <ToggleButton key={s} value={s}>
            {label(courseStatusLabels[s], counts?.[s])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {courses.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement des cours" />
        </Box>
      )}
      {courses.isError && <Alert severity="error">{courses.error.message}</Alert>}
      {courses.data && courses.data.items.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{status === 'submitted' || !status ? 'Aucun cours à valider pour le moment.' : 'Aucun cours dans cet état.'}</Typography>
        </Paper>
      )}
      {courses.data && courses.data.items.length > 0 && (
        <Stack component="ul" aria-label="Cours" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {courses.data.items.map((course) => (
            <Paper component="li" variant="outlined" key={course.id} sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
                  <CourseStatusChip status={course.status} />
                  <Typography variant="body2" color="text.secondary" component="span">
                    depuis le {formatShortDateTime(course.status_changed_at)}
                  </Typography>
                </Stack>
                <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                  {course.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {course.user.name} · {course.category.name}
                </Typography>
                {course.review_reason && (
                  <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    Motif : {course.review_reason}
                  </Typography>
                )}
              </Box>
              <Button
                component={RouterLink}
                to={webPaths.adminCourse(course.id)}
                variant={course.status === 'submitted' ? 'contained' : 'outlined'}
                startIcon={<RateReviewIcon />}
                aria-label={`Examiner le cours ${course.title}`}
                sx={{ flexShrink: 0 }}
              >
                Examiner
              </Button>
            </Paper>
          ))}
        </Stack>
      )}
      {courses.data && <Pager info={courses.data} page={page} onChange={(next) => go({ page: next })} label="Pages des cours" />}
    </Container>
  );
}
