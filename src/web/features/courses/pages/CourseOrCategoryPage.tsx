import { lazy } from 'react';
import { useParams } from 'react-router';
import { parseCourseId } from '../../../../shared/courses';

// Each loads when its kind of address is opened: a course's page does not download the catalogue's code, nor the reverse (decision 031).
const CataloguePage = lazy(() => import('./CataloguePage'));
const CourseDetailPage = lazy(() => import('./CourseDetailPage'));

/** `/courses/{segment}`, the one place that tells them apart: a numeric segment is a course, anything else a category. */
export default function CourseOrCategoryPage() {
  const { slug } = useParams<{ slug: string }>();
  return parseCourseId(slug) === null ? <CataloguePage /> : <CourseDetailPage />;
}
