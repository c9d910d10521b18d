import Chip from '@mui/material/Chip';
import { courseStatusLabels, type CourseStatus } from '../../../../shared/courses';

const colours: Record<CourseStatus, 'default' | 'success' | 'warning' | 'info' | 'error'> = {
  draft: 'default',
  submitted: 'info',
  changes_requested: 'warning',
  published: 'success',
  unpublished: 'error',
};

/** A course's review state as a chip (Brouillon, En attente de validation, Publié…). */
export function CourseStatusChip({ status }: { status: CourseStatus }) {
  return <Chip size="small" label={courseStatusLabels[status]} color={colours[status]} variant={status === 'published' ? 'filled' : 'outlined'} />;
}
