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

/** 45 -> '45 min', 90 -> '1 h 30 min', 120 -> '2 h'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The outline's totals: '5 leçons · 1 h 20 min'. */
export function outlineTotals(totalLessons: number, totalMinutes: number): string {
  return `${totalLessons} ${totalLessons > 1 ? 'leçons' : 'leçon'} · ${formatMinutes(totalMinutes)}`;
}
