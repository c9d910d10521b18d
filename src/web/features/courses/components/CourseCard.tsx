import PersonOutlineIcon from '../../../components/icons/PersonOutlined';
import ScheduleIcon from '../../../components/icons/Schedule';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { COURSE_DESCRIPTION_PREVIEW_CHARS } from '../../../../shared/constants';
import { advisedPace, courseDuration, truncate } from '../../../../shared/course-rules';
import type { CourseItem } from '../../../../shared/courses';
import { webPaths } from '../../../../shared/web-paths';
import { CourseImage } from './CourseImage';
import { CoursePrice } from './CoursePrice';
import { courseImageAlt } from './course-text';
import { visuallyHidden } from '../../../components/visually-hidden';
import { CourseRatingSummary } from '../../satisfaction';

/**
 * A catalogue card. The title is the link; it stretches over the whole card so the card is
 * clickable, while the link's name stays the title alone.
 */
/** `href` builds the course's address: the learner's page by default, the public one in the visitors' catalogue. */
export function CourseCard({
  course,
  headingLevel = 'h2',
  href = webPaths.courseDetail,
  priority = false,
}: {
  course: CourseItem;
  headingLevel?: 'h2' | 'h3';
  href?: (id: number) => string;
  /** One of the first cards, on screen on arrival: its image is fetched at once. */
  priority?: boolean;
}) {
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow 150ms, transform 150ms',
        '&:hover': { boxShadow: 4, transform: 'translateY(-2px)' },
        '&:focus-within': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <CourseImage src={course.image} alt={courseImageAlt(course)} height={180} priority={priority} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Chip size="small" label={course.category.name} color="primary" variant="outlined" sx={{ alignSelf: 'flex-start', fontWeight: 600 }} />
        <Typography component={headingLevel} variant="h6" sx={{ lineHeight: 1.3 }}>
          <Link
            component={RouterLink}
            to={href(course.id)}
            underline="none"
            sx={{
              color: 'text.primary',
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&:focus-visible': { outline: 'none' },
              '&:hover': { color: 'primary.dark' },
            }}
          >
            {course.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {truncate(course.description, COURSE_DESCRIPTION_PREVIEW_CHARS)}
        </Typography>
        <Stack spacing={0.5} sx={{ mt: 'auto', pt: 1, color: 'text.secondary' }}>
          <CourseRatingSummary rating={course.rating} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PersonOutlineIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              <span style={visuallyHidden}>Formateur : </span>
              {course.user.name}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ScheduleIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              <span style={visuallyHidden}>Durée : </span>
              {courseDuration(course.lesson_minutes)}, {advisedPace(course.duration)}
            </Typography>
          </Stack>
        </Stack>
        <CoursePrice price={course.price} discountPrice={course.discountPrice} />
      </CardContent>
    </Card>
  );
}
