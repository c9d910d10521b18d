import { expect, type APIRequestContext } from '@playwright/test';
import { pngImage } from '../../src/server/test/files';
import { bearer, type TestAccount } from './api';

export interface LessonSeed {
  title: string;
  duration_minutes: number;
  body_markdown: string;
}

export interface SectionSeed {
  title: string;
  lessons: LessonSeed[];
}

export interface SeededCourse {
  id: number;
  title: string;
  /** Every lesson id, in reading order. */
  lessonIds: number[];
}

/** A published course with its chapters and text lessons, written through the API by its trainer. */
export async function createCourseWithLessons(request: APIRequestContext, trainer: TestAccount, title: string, sections: SectionSeed[]): Promise<SeededCourse> {
  const created = await request.post('/api/courses', {
    headers: bearer(trainer),
    multipart: {
      title,
      description: 'Un parcours court pour passer de la théorie à la pratique, leçon après leçon.',
      category: 'dechets',
      price: '40',
      duration: '2 semaines',
      status: 'published',
      image: { name: 'cours.png', mimeType: 'image/png', buffer: pngImage(4, 3) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: number = (await created.json()).id;
  const lessonIds: number[] = [];
  for (const section of sections) {
    const madeSection = await request.post(`/api/courses/${id}/sections`, { headers: bearer(trainer), data: { title: section.title } });
    expect(madeSection.status(), await madeSection.text()).toBe(201);
    const sectionId: number = (await madeSection.json()).id;
    for (const lesson of section.lessons) {
      const madeLesson = await request.post(`/api/sections/${sectionId}/lessons`, { headers: bearer(trainer), data: { type: 'text', ...lesson } });
      expect(madeLesson.status(), await madeLesson.text()).toBe(201);
      lessonIds.push((await madeLesson.json()).id);
    }
  }
  return { id, title, lessonIds };
}

/** Enrols the learner through the API (the journey enrols through the page; the axe grid only needs the state). */
export async function enrol(request: APIRequestContext, learner: TestAccount, courseId: number): Promise<void> {
  const res = await request.post(`/api/courses/${courseId}/enrolment`, { headers: bearer(learner) });
  expect(res.ok(), await res.text()).toBe(true);
}
