import type { CourseDetail, CourseItem } from '../../../../shared/courses';
import type { CourseOutline } from '../../../../shared/learning';
import type { SessionUser } from '../../../lib/session';
import { signInAs } from '../../../test/session';

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

export function courseItem(overrides: Partial<CourseItem> = {}): CourseItem {
  return {
    id: 1,
    title: 'Zéro déchet en entreprise',
    description: 'Diagnostiquez les flux de déchets de votre structure, mettez en place le tri à la source et les filières de valorisation.',
    category: { slug: 'dechets', name: 'Gestion des déchets' },
    duration: '2 mois',
    price: 80,
    discountPrice: null,
    image: null,
    user: { id: 3, name: 'Claire Dubois', avatar: null },
    status: 'published',
    created_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseItem(),
    updated_at: '2026-01-10T10:00:00.000Z',
    objectives: [],
    target_audience: '',
    prerequisites: '',
    assessment_methods: '',
    enrolled: false,
    saved: false,
    attachment: null,
    ...overrides,
  };
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
    ...overrides,
  };
}
