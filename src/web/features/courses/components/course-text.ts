import type { CourseItem } from '../../../../shared/courses';

/** 'Claire Dubois' -> 'CD', for the initials avatar. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** What the course image shows, for screen readers. */
export function courseImageAlt(course: Pick<CourseItem, 'title' | 'category'>): string {
  return `Illustration du cours « ${course.title} » (${course.category.name})`;
}
