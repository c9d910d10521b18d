import { useParams } from 'react-router';
import { parseCourseId } from '../../../../shared/courses';
import CataloguePage from './CataloguePage';
import CourseDetailPage from './CourseDetailPage';

/** `/courses/{segment}`, the one place that tells them apart: a numeric segment is a course, anything else a category. */
export default function CourseOrCategoryPage() {
  const { slug } = useParams<{ slug: string }>();
  return parseCourseId(slug) === null ? <CataloguePage /> : <CourseDetailPage />;
}
