import { categoryName } from '../../../shared/categories';
import { centsToEuros, courseImageUrl, type CourseItem } from '../../../shared/courses';
import { courseRating } from '../../../shared/satisfaction';
import { sql } from 'drizzle-orm';
import { courses } from '../../db/schema';

/** The columns a course list item is made of, read from courses alone (decision 016). */
export const courseItemColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  categorySlug: courses.categorySlug,
  duration: courses.duration,
  priceCents: courses.priceCents,
  discountPriceCents: courses.discountPriceCents,
  imagePath: courses.imagePath,
  status: courses.status,
  authorId: courses.authorId,
  authorName: courses.authorName,
  createdAt: courses.createdAt,
  /** The course's duration: its lessons' minutes summed (one indexed subquery per row). */
  // Spelled out: in a query on courses alone, drizzle would write `${courses.id}` unqualified.
  lessonMinutes: sql<number>`(select coalesce(sum(l.duration_minutes), 0)::int from lessons l join course_sections s on s.id = l.section_id where s.course_id = "courses"."id")`.mapWith(Number),
};

export interface CourseItemRow {
  id: number;
  title: string;
  description: string;
  categorySlug: string;
  duration: string;
  priceCents: number;
  discountPriceCents: number | null;
  imagePath: string | null;
  status: CourseItem['status'];
  authorId: number;
  authorName: string;
  createdAt: Date;
  lessonMinutes: number;
  /** From `ratingStats` joined to the query; absent where a list does not read them (rating null). */
  ratingCount?: number | null;
  ratingAverage?: string | null;
}

/** A course as lists show it (catalogue, trainer's courses, review queue). Amounts in euros. */
export function toCourseItem(row: CourseItemRow): CourseItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: { slug: row.categorySlug, name: categoryName(row.categorySlug) },
    duration: row.duration,
    lesson_minutes: row.lessonMinutes,
    price: centsToEuros(row.priceCents),
    discountPrice: row.discountPriceCents === null ? null : centsToEuros(row.discountPriceCents),
    image: courseImageUrl(row.id, row.imagePath),
    user: { id: row.authorId, name: row.authorName, avatar: null },
    status: row.status,
    created_at: row.createdAt.toISOString(),
    rating: courseRating(row.ratingCount ?? 0, row.ratingAverage ?? null),
  };
}
