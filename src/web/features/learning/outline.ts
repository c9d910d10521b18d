import { countedLessons, lessonsInOrder, progressPercent, type CourseOutline } from '../../../shared/learning';
import { plural } from '../../../shared/french-format';

export interface OutlineProgress {
  completed: number;
  total: number;
  percent: number;
}

export function outlineProgress(outline: CourseOutline): OutlineProgress {
  // A test de positionnement is offered, not required: it is not one of the lessons to do.
  const lessons = countedLessons(lessonsInOrder(outline));
  const completed = lessons.filter((lesson) => lesson.completed).length;
  return { completed, total: lessons.length, percent: progressPercent({ completed, total: lessons.length, completedAt: outline.completed_at ?? null }) };
}

/** "1 leçon sur 3", "2 leçons sur 3". */
export function lessonCountText(completed: number, total: number): string {
  return `${plural(completed, 'leçon')} sur ${total}`;
}
