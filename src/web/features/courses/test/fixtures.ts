import type { CourseOutline } from '../../../../shared/learning';
import type { SessionUser } from '../../../lib/session';
import { signInAs } from '../../../test/session';

export { courseDetail, courseItem } from '../../../test/courses';

export const memberUser: SessionUser = {
  id: 11,
  email: 'camille.durand@exemple.fr',
  role: 'membre',
  firstname: 'Camille',
  lastname: 'Durand',
  isApproved: true,
  hasMeeting: false,
};

export function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  return signInAs(memberUser, overrides);
}

/** Two chapters, three text lessons (65 minutes), the first a free preview. */
export function courseOutline(overrides: Partial<CourseOutline> = {}): CourseOutline {
  return {
    sections: [
      {
        id: 1,
        title: 'Comprendre les déchets',
        lessons: [
          { id: 11, title: 'La hiérarchie des modes de traitement', type: 'text', duration_minutes: 15, is_preview: true },
          { id: 12, title: 'Caractériser les flux de son site', type: 'text', duration_minutes: 25, is_preview: false },
        ],
      },
      { id: 2, title: 'Agir avec les équipes', lessons: [{ id: 21, title: 'Trier à la source', type: 'text', duration_minutes: 25, is_preview: false }] },
    ],
    total_lessons: 3,
    total_minutes: 65,
    resume_lesson_id: 11,
    ...overrides,
  };
}
