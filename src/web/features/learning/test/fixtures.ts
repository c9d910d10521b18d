import type { CourseDetail } from '../../../../shared/courses';
import { courseDetail } from '../../../test/courses';
import { resumeLessonId, type CourseOutline, type LearningItem, type LessonContent, type LessonMedia, type OutlineLesson } from '../../../../shared/learning';

/** A lesson of the outline, a text one of 10 minutes unless told. */
export function outlineLesson(overrides: Partial<OutlineLesson> & { id: number }): OutlineLesson {
  return { title: `Leçon ${overrides.id}`, type: 'text', duration_minutes: 10, is_preview: false, ...overrides };
}

/** Two chapters: lessons 101 and 102, then 103; `completed` and the last lesson opened set for an enrolled caller. */
export function courseOutline(completedIds: number[] = [], enrolled = true, lastLessonId: number | null = 102): CourseOutline {
  const lesson = (id: number, title: string, duration: number) =>
    outlineLesson({ id, title, duration_minutes: duration, ...(enrolled ? { completed: completedIds.includes(id) } : {}) });
  const sections = [
    { id: 11, title: 'Comprendre les enjeux', lessons: [lesson(101, 'Pourquoi réduire ses déchets', 8), lesson(102, 'Le cycle de vie d’un produit', 12)] },
    { id: 12, title: 'Passer à l’action', lessons: [lesson(103, 'Mettre en place le tri', 75)] },
  ];
  return {
    sections,
    total_lessons: 3,
    total_minutes: 95,
    ...(enrolled ? { completed_at: null, last_lesson_id: lastLessonId } : {}),
    // As the server works it out.
    resume_lesson_id: resumeLessonId({ sections }, enrolled ? lastLessonId : null),
  };
}

export function lessonContent(overrides: Partial<LessonContent> & { id: number }): LessonContent {
  return {
    title: `Leçon ${overrides.id}`,
    type: 'text',
    duration_minutes: 10,
    is_preview: false,
    course_id: 7,
    section_id: 11,
    html: `<h2>Points clés</h2><ul><li>Premier point</li></ul><p>Texte de la leçon ${overrides.id}.</p>`,
    media: null,
    ...overrides,
  };
}

export function learningItem(overrides: Partial<LearningItem> = {}): LearningItem {
  return { enrolment_id: 70, course_id: 7, title: 'Zéro déchet en entreprise', image: null, completed: 1, total: 3, percent: 33, last_lesson_id: 102, completed_at: null, certificate: null, ...overrides };
}

/** The course as `GET /api/courses/{id}` answers it (the player reads its title and the enrolment). */
export function playerCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return courseDetail({ id: 7, description: 'Diagnostiquez les flux de déchets de votre structure.', enrolled: true, ...overrides });
}

/** Signed links of a lesson's file, as `GET /api/lessons/{id}` gives them (valid three hours). */
export function lessonMedia(overrides: Partial<LessonMedia> = {}): LessonMedia {
  return {
    url: '/api/media/102-f-0123456789abcdef-1900000000-signature',
    download_url: '/api/media/102-d-0123456789abcdef-1900000000-signature',
    captions_url: null,
    mime_type: 'video/webm',
    size: 345_678,
    file_name: 'presentation.webm',
    expires_at: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}
