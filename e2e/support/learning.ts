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

/**
 * A course with its chapters and text lessons, written through the API by its trainer: a draft,
 * or published when `publishedBy` (an administrator) is given, through the review like any course.
 */
export async function createCourseWithLessons(
  request: APIRequestContext,
  trainer: TestAccount,
  title: string,
  sections: SectionSeed[],
  { publishedBy, price = '0' }: { publishedBy?: TestAccount; price?: string } = {},
): Promise<SeededCourse> {
  const created = await request.post('/api/courses', {
    headers: bearer(trainer),
    multipart: {
      title,
      description: 'Un parcours court pour passer de la théorie à la pratique, leçon après leçon.',
      category: 'dechets',
      // Free unless asked: a paid course is joined through its contract (issue 29), which journeys enrolling directly skip.
      price,
      duration: '2 semaines',
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
  if (publishedBy) await publishCourse(request, trainer, publishedBy, id);
  return { id, title, lessonIds };
}

/** Fills the public information a submission requires, then submits the course for validation (it must have a lesson). */
export async function submitCourse(request: APIRequestContext, trainer: TestAccount, courseId: number): Promise<void> {
  const information = await request.put(`/api/courses/${courseId}/information`, {
    headers: bearer(trainer),
    data: { objectives: ['Passer de la théorie à la pratique'], target_audience: 'Tout public', prerequisites: 'Aucun',
      assessment_methods: 'Quiz de fin de parcours',
      access_delay: 'Accès immédiat après l’inscription',
      teaching_methods: 'Leçons et quiz à distance',
      accessibility: 'Contenus accessibles au clavier et au lecteur d’écran',
      contact: 'Service formation – formation@ecoforma.example',
    },
  });
  expect(information.ok(), await information.text()).toBe(true);
  const submitted = await request.post(`/api/courses/${courseId}/submit`, { headers: bearer(trainer) });
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

/** Submits the course and has the administrator publish it: what a journey needs of a published course. */
export async function publishCourse(request: APIRequestContext, trainer: TestAccount, admin: TestAccount, courseId: number): Promise<void> {
  await submitCourse(request, trainer, courseId);
  const published = await request.post(`/api/admin/courses/${courseId}/publish`, { headers: bearer(admin) });
  expect(published.ok(), await published.text()).toBe(true);
}

/** Enrols the learner through the API (the journey enrols through the page; the axe grid only needs the state). */
export async function enrol(request: APIRequestContext, learner: TestAccount, courseId: number): Promise<void> {
  const res = await request.post(`/api/courses/${courseId}/enrolment`, { headers: bearer(learner) });
  expect(res.ok(), await res.text()).toBe(true);
}

export interface QuestionSeed {
  type: 'single' | 'multiple' | 'true_false';
  prompt: string;
  options: { text: string; correct: boolean }[];
  explanation?: string;
}

/** A new chapter at the end of the course holding one quiz with these questions; returns the quiz lesson's id. */
export async function addQuiz(
  request: APIRequestContext,
  trainer: TestAccount,
  courseId: number,
  quiz: { title: string; pass_mark?: number; max_attempts?: number | null; questions: QuestionSeed[] },
): Promise<number> {
  const section = await request.post(`/api/courses/${courseId}/sections`, { headers: bearer(trainer), data: { title: 'Évaluation' } });
  expect(section.status(), await section.text()).toBe(201);
  const { questions, ...settings } = quiz;
  const created = await request.post(`/api/sections/${(await section.json()).id}/quizzes`, { headers: bearer(trainer), data: { duration_minutes: 5, ...settings } });
  expect(created.status(), await created.text()).toBe(201);
  const lessonId: number = (await created.json()).id;
  for (const question of questions) {
    const res = await request.post(`/api/lessons/${lessonId}/quiz/questions`, { headers: bearer(trainer), data: question });
    expect(res.status(), await res.text()).toBe(201);
  }
  return lessonId;
}
