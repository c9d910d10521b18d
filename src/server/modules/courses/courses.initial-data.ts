import { CATALOGUE_PAGE_SIZE } from '../../../shared/constants';
import { courseListQuerySchema, parseCourseId } from '../../../shared/courses';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { InitialData, InitialDataSource } from '../../lib/initial-data';
import { getCourseDetail, listCatalogue, listCategoryCounts } from './courses.service';
import { webRoutes } from '../../../shared/web-paths';

/**
 * The routes (src/shared/web-paths.ts) of the screens `/courses/{segment}` picks at run time, so their chunks
 * are preloaded with the page; `/courses` itself is the catalogue's own route.
 */
const COURSE_SCREEN = webRoutes.courseDetail;
const CATALOGUE_SCREEN = webRoutes.publicCourses;

/**
 * The visitors' pages of this feature, inlined in their index.html (decision 031): `/courses` and
 * `/courses/{category}` get the catalogue's first answers (the query string's search and page, as
 * CataloguePage reads them), `/courses/{id}` the course as a visitor sees it, so a draft or an
 * unknown id inlines nothing and the page shows its 404 as before.
 */
export function coursesInitialData(db: Db): InitialDataSource {
  return async (pathname, query) => {
    const segments = pathname.split('/').filter(Boolean);
    if (segments[0]?.toLowerCase() !== 'courses' || segments.length > 2) return null;
    const courseId = parseCourseId(segments[1]);
    if (courseId !== null) return courseData(db, courseId);
    let category: string | undefined;
    try {
      category = segments[1] === undefined ? undefined : decodeURIComponent(segments[1]);
    } catch {
      return null;
    }
    return catalogueData(db, category, query);
  };
}

async function courseData(db: Db, id: number): Promise<InitialData | null> {
  try {
    // A visitor's view (no actor): the service's own rule, so only a published course is ever inlined.
    const course = await getCourseDetail(db, id, null);
    return { answers: { [`/api/courses/${id}`]: course }, images: course.image ? [course.image] : [], screen: COURSE_SCREEN };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

async function catalogueData(db: Db, category: string | undefined, query: URLSearchParams): Promise<InitialData | null> {
  // The same parameters CataloguePage sends, in the same order, so the inlined path is the one it asks.
  const pageParam = Number(query.get('page'));
  const params = {
    q: query.get('q')?.trim() || undefined,
    category,
    page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1,
    pageSize: CATALOGUE_PAGE_SIZE,
  };
  // What the API would refuse (a search too long…) is left to the page's own call and its message.
  const parsed = courseListQuerySchema.safeParse(params);
  if (!parsed.success) return null;
  const [page, categories] = await Promise.all([listCatalogue(db, parsed.data), listCategoryCounts(db)]);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const first = page.items[0]?.image;
  return { answers: { [`/api/courses?${search}`]: page, '/api/categories': categories }, images: first ? [first] : [], screen: CATALOGUE_SCREEN };
}
