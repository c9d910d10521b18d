import type { CourseDetail, CourseItem } from '../../shared/courses';

/** A catalogue card as `GET /api/courses` answers it; each test overrides what it depends on. */
export function courseItem(overrides: Partial<CourseItem> = {}): CourseItem {
  return {
    id: 1,
    title: 'Zéro déchet en entreprise',
    description: 'Diagnostiquez les flux de déchets de votre structure, mettez en place le tri à la source et les filières de valorisation.',
    category: { slug: 'dechets', name: 'Gestion des déchets' },
    duration: '2 mois',
    lesson_minutes: 65,
    price: 80,
    discountPrice: null,
    image: null,
    user: { id: 3, name: 'Claire Dubois', avatar: null },
    status: 'published',
    created_at: '2026-01-10T10:00:00.000Z',
    rating: null,
    ...overrides,
  };
}

/** A course as `GET /api/courses/{id}` answers it: the card's fields, its public information and the caller's state. */
export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseItem(),
    updated_at: '2026-01-10T10:00:00.000Z',
    objectives: [],
    target_audience: '',
    prerequisites: '',
    assessment_methods: '',
    access_delay: '',
    teaching_methods: '',
    accessibility: '',
    contact: '',
    certification: null,
    public_info_updated_at: null,
    enrolled: false,
    saved: false,
    attachment: null,
    ...overrides,
  };
}
