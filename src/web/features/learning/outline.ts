import { progressPercent, type CourseOutline, type OutlineLesson } from '../../../shared/learning';

/** Every lesson of the course, in reading order. */
export function lessonsInOrder(outline: CourseOutline): OutlineLesson[] {
  return outline.sections.flatMap((section) => section.lessons);
}

/** Where the player opens without a lesson: the last one opened, else the first not completed, else the first. */
export function resumeLessonId(outline: CourseOutline, lastLessonId: number | null | undefined): number | null {
  const lessons = lessonsInOrder(outline);
  if (lastLessonId != null && lessons.some((lesson) => lesson.id === lastLessonId)) return lastLessonId;
  return (lessons.find((lesson) => !lesson.completed) ?? lessons[0])?.id ?? null;
}

export interface OutlineProgress {
  completed: number;
  total: number;
  percent: number;
}

export function outlineProgress(outline: CourseOutline): OutlineProgress {
  const lessons = lessonsInOrder(outline);
  const completed = lessons.filter((lesson) => lesson.completed).length;
  return { completed, total: lessons.length, percent: progressPercent(completed, lessons.length) };
}

/** "1 leçon sur 3", "2 leçons sur 3". */
export function lessonCountText(completed: number, total: number): string {
  return `${completed} ${completed > 1 ? 'leçons' : 'leçon'} sur ${total}`;
}
