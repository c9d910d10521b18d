import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_ID_MESSAGE } from '../../../shared/ids';
import { learningMessages, type AuthorLesson, type AuthorSection } from '../../../shared/learning';
import { courses, courseSections, lessons } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertSection } from '../../test/factories';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const pendingTrainer = await createUser(db, { role: 'formateur', isValid: false });
const admin = await createUser(db, { role: 'admin' });
const member = await createUser(db, { role: 'membre' });
const enrolledMember = await createUser(db, { role: 'membre' });

type Caller = { id: number } | null;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

async function newCourse(status: 'published' | 'draft' = 'published') {
  const course = await insertCourse(db, author.id, { status });
  if (status === 'published') await enrol(db, enrolledMember.id, course.id);
  return course;
}

async function sectionTitles(courseId: number) {
  const rows = await db.select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position));
  return rows.map((r) => [r.title, r.position]);
}

async function lessonOrder(sectionId: number) {
  const rows = await db.select().from(lessons).where(eq(lessons.sectionId, sectionId)).orderBy(asc(lessons.position));
  return rows.map((r) => [r.id, r.position]);
}

const textLesson = { title: 'Pourquoi composter ?', type: 'text', duration_minutes: 12, is_preview: false, body_markdown: '# Le compost\n\nUn sol **vivant**.' };

describe('who may author a course’s content', () => {
  it('lets the author and administrators add sections at the end, numbered without gaps', async () => {
    const course = await newCourse();
    const first = await call('POST', `/api/courses/${course.id}/sections`, author, { title: '  Les bases  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), course_id: course.id, title: 'Les bases', position: 0 });
    const second = await call('POST', `/api/courses/${course.id}/sections`, admin, { title: 'Aller plus loin' });
    expect(second.statusCode).toBe(201);
    expect((second.json() as AuthorSection).position).toBe(1);
    expect(await sectionTitles(course.id)).toEqual([
      ['Les bases', 0],
      ['Aller plus loin', 1],
    ]);
  });

  it('refuses visitors (401), members, pending trainers (403 at the door) and other trainers (403), changing nothing', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const lesson = await insertLesson(db, section.id);
    const attempts: [Method, string, object?][] = [
      ['POST', `/api/courses/${course.id}/sections`, { title: 'Intrus' }],
      ['PUT', `/api/courses/${course.id}/sections/order`, { ids: [section.id] }],
      ['PUT', `/api/courses/${course.id}/information`, { prerequisites: 'Aucun' }],
      ['PUT', `/api/sections/${section.id}`, { title: 'Intrus' }],
      ['DELETE', `/api/sections/${section.id}`],
      ['POST', `/api/sections/${section.id}/lessons`, textLesson],
      ['PUT', `/api/sections/${section.id}/lessons/order`, { ids: [lesson.id] }],
      ['PUT', `/api/lessons/${lesson.id}`, { title: 'Intrus' }],
      ['DELETE', `/api/lessons/${lesson.id}`],
      ['PUT', `/api/lessons/${lesson.id}/section`, { section_id: section.id }],
    ];
    for (const [method, url, payload] of attempts) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const user of [member, enrolledMember, pendingTrainer]) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error_code).toBe('forbidden');
      }
      const res = await call(method, url, otherTrainer, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe("Seuls l'auteur du cours et les administrateurs peuvent modifier son contenu.");
    }
    expect(await sectionTitles(course.id)).toEqual([[section.title, 0]]);
    expect(await lessonOrder(section.id)).toEqual([[lesson.id, 0]]);
    const [row] = await db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.prerequisites).toBe('');
  });

  it("answers 404 to another trainer for a draft's content, and for ids that do not exist", async () => {
    const draft = await newCourse('draft');
    const section = await insertSection(db, draft.id);
    const lesson = await insertLesson(db, section.id);
    for (const [url, message] of [
      [`/api/sections/${section.id}`, "Ce chapitre n'existe pas ou vous n'y avez pas accès."],
      [`/api/lessons/${lesson.id}`, "Cette leçon n'existe pas ou vous n'y avez pas accès."],
      ['/api/sections/2147483647', "Ce chapitre n'existe pas ou vous n'y avez pas accès."],
      ['/api/lessons/2147483647', "Cette leçon n'existe pas ou vous n'y avez pas accès."],
    ] as const) {
      const res = await call('PUT', url, otherTrainer, { title: 'Intrus' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    expect((await call('POST', `/api/courses/${draft.id}/sections`, otherTrainer, { title: 'Intrus' })).statusCode).toBe(404);
    // The author still edits their draft.
    expect((await call('PUT', `/api/lessons/${lesson.id}`, author, { title: 'Brouillon relu' })).statusCode).toBe(200);
  });

  it('answers 422 "Identifiant invalide." for malformed ids on every authoring route', async () => {
    for (const [method, url] of [
      ['POST', '/api/courses/abc/sections'],
      ['PUT', '/api/courses/0/sections/order'],
      ['PUT', '/api/courses/-1/information'],
      ['PUT', '/api/sections/1.5'],
      ['DELETE', '/api/sections/1e3'],
      ['POST', '/api/sections/x/lessons'],
      ['PUT', '/api/sections/2147483648/lessons/order'],
      ['PUT', '/api/lessons/0x1F'],
      ['DELETE', '/api/lessons/abc'],
    ] as const) {
      const res = await call(method, url, author, { title: 'Titre', ids: [] });
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json().errors.id).toEqual([INVALID_ID_MESSAGE]);
    }
  });
});

describe('sections', () => {
  it('refuses an empty or too long title with its French message', async () => {
    const course = await newCourse();
    for (const [title, message] of [
      ['   ', learningMessages.sectionTitleRequired],
      ['x'.repeat(201), 'Le titre du chapitre ne doit pas dépasser 200 caractères.'],
    ] as const) {
      const res = await call('POST', `/api/courses/${course.id}/sections`, author, { title });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ title: [message] });
    }
    const missing = await call('POST', `/api/courses/${course.id}/sections`, author, {});
    expect(missing.json().errors).toEqual({ title: ['Le titre du chapitre est obligatoire.'] });
    expect(await sectionTitles(course.id)).toEqual([]);
  });

  it('gives sections and lessons added at the same time distinct positions', async () => {
    const course = await newCourse();
    const created = await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', `/api/courses/${course.id}/sections`, author, { title: `Chapitre ${i}` })));
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await sectionTitles(course.id)).map(([, position]) => position)).toEqual([0, 1, 2, 3, 4]);
    const sectionId = (created[0]!.json() as AuthorSection).id;
    const added = await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', `/api/sections/${sectionId}/lessons`, author, { ...textLesson, title: `Leçon ${i}` })));
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await lessonOrder(sectionId)).map(([, position]) => position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('renames a section', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id, { title: 'Ancien' });
    const res = await call('PUT', `/api/sections/${section.id}`, author, { title: 'Nouveau titre' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: section.id, title: 'Nouveau titre', position: 0 });
  });

  it('deletes a section with its lessons and closes the gap in positions', async () => {
    const course = await newCourse();
    const a = await insertSection(db, course.id, { title: 'A' });
    const b = await insertSection(db, course.id, { title: 'B' });
    await insertSection(db, course.id, { title: 'C' });
    const lesson = await insertLesson(db, b.id);
    expect((await call('DELETE', `/api/sections/${b.id}`, author)).statusCode).toBe(204);
    expect(await sectionTitles(course.id)).toEqual([
      ['A', 0],
      ['C', 1],
    ]);
    expect(await db.select().from(lessons).where(eq(lessons.id, lesson.id))).toEqual([]);
    expect((await call('DELETE', `/api/sections/${b.id}`, author)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/sections/${a.id}`, admin)).statusCode).toBe(204);
    expect(await sectionTitles(course.id)).toEqual([['C', 0]]);
  });

  it('reorders sections from the full list of their ids', async () => {
    const course = await newCourse();
    const [a, b, c] = [await insertSection(db, course.id, { title: 'A' }), await insertSection(db, course.id, { title: 'B' }), await insertSection(db, course.id, { title: 'C' })];
    const res = await call('PUT', `/api/courses/${course.id}/sections/order`, author, { ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AuthorSection[]).map((s) => [s.title, s.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(await sectionTitles(course.id)).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('refuses an order that is not exactly the current set of sections, changing nothing', async () => {
    const course = await newCourse();
    const other = await newCourse();
    const [a, b] = [await insertSection(db, course.id, { title: 'A' }), await insertSection(db, course.id, { title: 'B' })];
    const foreign = await insertSection(db, other.id);
    for (const ids of [[a.id], [a.id, b.id, b.id], [b.id, a.id, foreign.id], [b.id, foreign.id], []]) {
      const res = await call('PUT', `/api/courses/${course.id}/sections/order`, author, { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(422);
      expect(res.json().errors).toEqual({ ids: ['La liste doit contenir chaque chapitre du cours exactement une fois.'] });
    }
    for (const [payload, errors] of [
      [{}, { ids: ['Indiquez la liste ordonnée des identifiants.'] }],
      [{ ids: 'a,b' }, { ids: ['Indiquez la liste ordonnée des identifiants.'] }],
      [{ ids: [a.id, 'abc'] }, { 'ids.1': ['Identifiant invalide.'] }],
      [{ ids: [a.id, 0] }, { 'ids.1': ['Identifiant invalide.'] }],
    ] as const) {
      const res = await call('PUT', `/api/courses/${course.id}/sections/order`, author, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const tooLong = await call('PUT', `/api/courses/${course.id}/sections/order`, author, { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooLong.json().errors).toEqual({ ids: ['La liste ne doit pas dépasser 500 éléments.'] });
    expect(await sectionTitles(course.id)).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
  });
});

describe('text lessons', () => {
  it('adds lessons at the end of a section and answers them with their Markdown source', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const first = await call('POST', `/api/sections/${section.id}/lessons`, author, textLesson);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      section_id: section.id,
      title: 'Pourquoi composter ?',
      type: 'text',
      duration_minutes: 12,
      is_preview: false,
      position: 0,
      body_markdown: textLesson.body_markdown,
    });
    const second = await call('POST', `/api/sections/${section.id}/lessons`, admin, { ...textLesson, title: 'Le bac', is_preview: undefined });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ position: 1, is_preview: false });
  });

  it('refuses each bad field with its French message', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const cases: [object, Record<string, string[]>][] = [
      [{ ...textLesson, title: '' }, { title: ['Le titre de la leçon est obligatoire.'] }],
      [{ ...textLesson, title: 'x'.repeat(201) }, { title: ['Le titre de la leçon ne doit pas dépasser 200 caractères.'] }],
      [{ ...textLesson, type: 'video' }, { type: ['Seules les leçons de type «\u00a0Texte\u00a0» peuvent être créées ici.'] }],
      [{ ...textLesson, duration_minutes: -1 }, { duration_minutes: ['La durée doit être un nombre entier de minutes, de 0 à 1440.'] }],
      [{ ...textLesson, duration_minutes: 1.5 }, { duration_minutes: ['La durée doit être un nombre entier de minutes, de 0 à 1440.'] }],
      [{ ...textLesson, duration_minutes: 1441 }, { duration_minutes: ['La durée doit être un nombre entier de minutes, de 0 à 1440.'] }],
      [{ ...textLesson, duration_minutes: '10' }, { duration_minutes: ['La durée doit être un nombre entier de minutes, de 0 à 1440.'] }],
      [{ ...textLesson, is_preview: 'oui' }, { is_preview: ["L'aperçu gratuit doit valoir oui ou non."] }],
      [{ ...textLesson, body_markdown: '  \n ' }, { body_markdown: ['Le contenu de la leçon est obligatoire.'] }],
      [{ ...textLesson, body_markdown: 'x'.repeat(100_001) }, { body_markdown: ['Le contenu de la leçon ne doit pas dépasser 100\u202f000 caractères.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call('POST', `/api/sections/${section.id}/lessons`, author, payload);
      expect(res.statusCode, JSON.stringify(errors)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await lessonOrder(section.id)).toEqual([]);
  });

  it('edits only the fields sent, and refuses an empty edit', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const lesson = await insertLesson(db, section.id, { title: 'Avant', durationMinutes: 5 });
    const res = await call('PUT', `/api/lessons/${lesson.id}`, author, { title: 'Après', is_preview: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Après', is_preview: true, duration_minutes: 5, body_markdown: lesson.bodyMarkdown });
    const empty = await call('PUT', `/api/lessons/${lesson.id}`, author, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ _: ['Indiquez au moins un champ à modifier.'] });
    const bad = await call('PUT', `/api/lessons/${lesson.id}`, admin, { duration_minutes: 2000 });
    expect(bad.json().errors).toEqual({ duration_minutes: ['La durée doit être un nombre entier de minutes, de 0 à 1440.'] });
  });

  it('refuses Markdown for a lesson that is not a text lesson', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const video = await insertLesson(db, section.id, { type: 'video', bodyMarkdown: null });
    const res = await call('PUT', `/api/lessons/${video.id}`, author, { body_markdown: 'Du texte' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ body_markdown: ['Seule une leçon de type «\u00a0Texte\u00a0» a un contenu Markdown.'] });
  });

  it('deletes a lesson and renumbers the others', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const [a, b, c] = [await insertLesson(db, section.id), await insertLesson(db, section.id), await insertLesson(db, section.id)];
    expect((await call('DELETE', `/api/lessons/${a.id}`, author)).statusCode).toBe(204);
    expect(await lessonOrder(section.id)).toEqual([
      [b.id, 0],
      [c.id, 1],
    ]);
    expect((await call('DELETE', `/api/lessons/${a.id}`, author)).statusCode).toBe(404);
  });

  it('reorders lessons from the full list of their ids, and refuses any other list', async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const otherSection = await insertSection(db, course.id);
    const [a, b] = [await insertLesson(db, section.id), await insertLesson(db, section.id)];
    const elsewhere = await insertLesson(db, otherSection.id);
    for (const ids of [[a.id], [a.id, a.id], [a.id, b.id, elsewhere.id], [b.id, elsewhere.id]]) {
      const res = await call('PUT', `/api/sections/${section.id}/lessons/order`, author, { ids });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ ids: ['La liste doit contenir chaque leçon du chapitre exactement une fois.'] });
    }
    expect(await lessonOrder(section.id)).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    const res = await call('PUT', `/api/sections/${section.id}/lessons/order`, admin, { ids: [b.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AuthorLesson[]).map((l) => [l.id, l.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
  });
});

describe('moving a lesson to another chapter', () => {
  it('puts it at the end of the chapter, or at the position given, and closes the gap it leaves', async () => {
    const course = await newCourse();
    const [first, second] = [await insertSection(db, course.id), await insertSection(db, course.id, { position: 1 })];
    const a = await insertLesson(db, first.id, { position: 0 });
    const b = await insertLesson(db, first.id, { position: 1 });
    const c = await insertLesson(db, second.id, { position: 0 });
    const d = await insertLesson(db, second.id, { position: 1 });

    const toEnd = await call('PUT', `/api/lessons/${a.id}/section`, author, { section_id: second.id });
    expect(toEnd.statusCode).toBe(200);
    expect(toEnd.json()).toMatchObject({ id: a.id, section_id: second.id, position: 2 });
    expect(await lessonOrder(first.id)).toEqual([[b.id, 0]]);
    expect(await lessonOrder(second.id)).toEqual([
      [c.id, 0],
      [d.id, 1],
      [a.id, 2],
    ]);

    const atTop = await call('PUT', `/api/lessons/${d.id}/section`, admin, { section_id: first.id, position: 0 });
    expect(atTop.json()).toMatchObject({ section_id: first.id, position: 0 });
    expect(await lessonOrder(first.id)).toEqual([
      [d.id, 0],
      [b.id, 1],
    ]);
    expect(await lessonOrder(second.id)).toEqual([
      [c.id, 0],
      [a.id, 1],
    ]);
  });

  it("keeps learners' progress on the moved lesson", async () => {
    const course = await newCourse();
    const [first, second] = [await insertSection(db, course.id), await insertSection(db, course.id, { position: 1 })];
    const lesson = await insertLesson(db, first.id);
    await call('POST', `/api/lessons/${lesson.id}/complete`, enrolledMember);
    await call('PUT', `/api/lessons/${lesson.id}/section`, author, { section_id: second.id });
    const outline = (await call('GET', `/api/courses/${course.id}/outline`, enrolledMember)).json();
    expect(outline.sections[1].lessons).toEqual([expect.objectContaining({ id: lesson.id, completed: true })]);
  });

  it("refuses a chapter of another course, a missing or malformed chapter and a bad position, changing nothing", async () => {
    const course = await newCourse();
    const section = await insertSection(db, course.id);
    const lesson = await insertLesson(db, section.id);
    const elsewhere = await insertSection(db, (await newCourse()).id);
    const cases: [object, string, string][] = [
      [{ section_id: elsewhere.id }, 'section_id', learningMessages.moveOtherCourse],
      [{ section_id: 2_000_000_000 }, 'section_id', learningMessages.moveOtherCourse],
      [{}, 'section_id', learningMessages.moveSectionRequired],
      [{ section_id: 'deux' }, 'section_id', INVALID_ID_MESSAGE],
      [{ section_id: section.id, position: -1 }, 'position', learningMessages.movePositionInvalid],
      [{ section_id: section.id, position: 1.5 }, 'position', learningMessages.movePositionInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('PUT', `/api/lessons/${lesson.id}/section`, author, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual({ [field]: [message] });
    }
    expect(await lessonOrder(section.id)).toEqual([[lesson.id, 0]]);
  });
});

describe('public information of a course', () => {
  it('lets the author and administrators set objectives, audience, prerequisites and assessment', async () => {
    const course = await newCourse();
    const res = await call('PUT', `/api/courses/${course.id}/information`, author, {
      objectives: [' Installer un composteur ', 'Animer un site de compostage'],
      target_audience: 'Habitants, gardiens d’immeuble',
      prerequisites: 'Aucun',
      assessment_methods: 'Quiz final et mise en situation',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      objectives: ['Installer un composteur', 'Animer un site de compostage'],
      target_audience: 'Habitants, gardiens d’immeuble',
      prerequisites: 'Aucun',
      assessment_methods: 'Quiz final et mise en situation',
      access_delay: '',
      teaching_methods: '',
      accessibility: '',
      contact: '',
      certification: null,
      public_info_updated_at: expect.any(String),
    });
    const partial = await call('PUT', `/api/courses/${course.id}/information`, admin, { prerequisites: 'Savoir jardiner' });
    expect(partial.json()).toMatchObject({ objectives: ['Installer un composteur', 'Animer un site de compostage'], prerequisites: 'Savoir jardiner' });
    const detail = await call('GET', `/api/courses/${course.id}`, null);
    expect(detail.json()).toMatchObject({ objectives: ['Installer un composteur', 'Animer un site de compostage'], target_audience: 'Habitants, gardiens d’immeuble', prerequisites: 'Savoir jardiner', assessment_methods: 'Quiz final et mise en situation' });
  });

  it('refuses each bad field with its French message', async () => {
    const course = await newCourse();
    const cases: [object, Record<string, string[]>][] = [
      [{}, { _: ['Indiquez au moins un champ à modifier.'] }],
      [{ objectives: 'Composter' }, { objectives: ['Les objectifs doivent être une liste de textes.'] }],
      [{ objectives: ['Composter', ' '] }, { 'objectives.1': ['Un objectif ne peut pas être vide.'] }],
      [{ objectives: ['x'.repeat(301)] }, { 'objectives.0': ['Un objectif ne doit pas dépasser 300 caractères.'] }],
      [{ objectives: Array.from({ length: 21 }, (_, i) => `Objectif ${i}`) }, { objectives: ['Indiquez au plus 20 objectifs.'] }],
      [{ target_audience: 12 }, { target_audience: ['Ce champ doit être un texte.'] }],
      [{ assessment_methods: 'x'.repeat(2001) }, { assessment_methods: ['Ce champ ne doit pas dépasser 2000 caractères.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call('PUT', `/api/courses/${course.id}/information`, author, payload);
      expect(res.statusCode, JSON.stringify(errors)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
  });
});
