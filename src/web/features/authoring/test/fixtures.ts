import type { CourseDetail } from '../../../../shared/courses';
import { courseDetail } from '../../../test/courses';
import type { CourseOutline } from '../../../../shared/learning';

/** A draft course as `GET /api/courses/{id}` answers it, written by user 3 unless overridden. */
export function authoredCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return courseDetail({
    id: 7,
    title: 'Compostage collectif',
    description: 'Organiser un site de compostage partagé.',
    duration: '3 semaines',
    price: 45,
    status: 'draft',
    ...overrides,
  });
}

/** Two chapters: three text lessons in the first, none in the second. */
export function sampleOutline(): CourseOutline {
  return {
    sections: [
      {
        id: 10,
        title: 'Comprendre le compost',
        lessons: [
          { id: 101, title: 'Le cycle de la matière', type: 'text', duration_minutes: 10, is_preview: true },
          { id: 102, title: 'Les bons déchets', type: 'text', duration_minutes: 15, is_preview: false },
          { id: 103, title: 'Les erreurs courantes', type: 'text', duration_minutes: 5, is_preview: false },
        ],
      },
      { id: 20, title: 'Animer un site', lessons: [] },
    ],
    total_lessons: 3,
    total_minutes: 30,
    resume_lesson_id: 101,
  };
}
