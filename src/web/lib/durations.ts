import { formatMinutes, plural } from '../../shared/french-format';

/** A course's size: "5 leçons · 1 h 20 min". */
export function lessonTotals(totalLessons: number, totalMinutes: number): string {
  return `${plural(totalLessons, 'leçon')} · ${formatMinutes(totalMinutes)}`;
}
