import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { formatAnswerCount, formatAverage, RATING_MAX, type CourseRating } from '../../../../shared/satisfaction';
import { visuallyHidden } from '../../../components/visually-hidden';

/**
 * A course's learner rating on its card and page: "★★★★☆ 4,3 (12 avis)". The server sends it only
 * from 3 answers up; below, nothing is shown. The stars are decorative: the text says it all.
 */
export function CourseRatingSummary({ rating, size = 'small' }: { rating: CourseRating | null; size?: 'small' | 'medium' }) {
  if (!rating) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <Rating value={rating.average} precision={0.1} max={RATING_MAX} readOnly size={size} aria-hidden sx={{ '& .MuiRating-iconEmpty': { color: 'text.secondary' } }} />
      <Typography variant={size === 'small' ? 'body2' : 'body1'}>
        <span style={visuallyHidden}>Note moyenne des apprenants : </span>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {formatAverage(rating.average)}
        </Box>
        <span style={visuallyHidden}> sur {RATING_MAX}</span> ({formatAnswerCount(rating.count)})
      </Typography>
    </Box>
  );
}
