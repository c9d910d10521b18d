import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { lessonCountText } from '../outline';

interface ProgressSummaryProps {
  completed: number;
  total: number;
  percent: number;
  /** The progress bar's accessible name. */
  label: string;
}

/** A course's progress: the bar, its percentage and "x leçons sur y". */
export function ProgressSummary({ completed, total, percent, label }: ProgressSummaryProps) {
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        aria-valuetext={`${percent}\u00a0%`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ mt: 0.75 }} aria-live="polite">
        <Box component="span" sx={{ fontWeight: 700 }}>
          {`${percent}\u00a0%`}
        </Box>{' '}
        · {lessonCountText(completed, total)}
      </Typography>
    </Box>
  );
}
