import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CertificateLink } from '../../../shared/certificates';
import { canEditCourse, canViewCourse, courseImageUrl, type CourseStatus } from '../../../shared/courses';
import {
  canReadLesson,
  countedLessons,
  learningMessages,
  progressPercent,
  resumeLessonId,
  type AuthorLesson,
  type AuthorSection,
  type CourseInformation,
  type CourseInformationBody,
  type CourseOutline,
  type LessonCompletion,
  type LessonContent,
  type LessonCreateBody,
  type LessonMoveBody,
  type LessonUpdateBody,
  type MyLearning,
  type OutlineSection,
  type SavedLearningItem,
} from '../../../shared/learning';
import { quizMessages } from '../../../shared/quiz';
import type { Actor } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { certificates, courses, courseSections, enrolments, lessonProgress, lessons, quizAttempts, quizzes, savedCourses, type LessonRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaSigner } from '../../lib/media-links';
import { removeStoredFile, type Storage } from '../../lib/storage';
import { lessonMedia } from './lesson-media';
import { applyOrder, renumber } from './ordered-lists';
import { accessOpen, detectCourseCompletions, enrolmentOf, rememberLesson } from '../enrolments';
import { contractMessages } from '../../../shared/contracts';
import { parisDay } from '../../../shared/paris-days';
import { renderLessonMarkdown } from './markdown';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CourseFacts {
  id: number;
  authorId: number;
  status: CourseStatus;
}

export const COURSE_NOT_FOUND = "Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.";
export const SECTION_NOT_FOUND = "Ce chapitre n'existe pas ou vous n'y avez pas accès.";
export const LESSON_NOT_FOUND = "Cette leçon n'existe pas ou vous n'y avez pas accès.";
const EDIT_REFUSED = "Seuls l'auteur du cours et les administrateurs peuvent modifier son contenu.";
export const LESSON_RESERVED = 'Cette leçon est réservée aux personnes inscrites au cours.';
const PROGRESS_RESERVED = 'Inscrivez-vous au cours pour enregistrer votre progression.';

/**
 * The learner's enrolment whose lessons may be opened now, or null; `pendingFrom` is when one
 * still in a paid contract's withdrawal period opens (issue 29), so the refusal says it.
 */
export async function enrolmentWithAccess(db: Db | Tx, userId: number, courseId: number) {
  const enrolment = await enrolmentOf(db, userId, courseId);
  if (enrolment && !accessOpen(enrolment)) return { enrolment: null, pendingFrom: enrolment.accessFrom };
  return { enrolment, pendingFrom: null };
}

/** 403 for a lesson reserved to enrolled learners, naming the opening day to one who waits for it. */
export function lessonReserved(pendingFrom: Date | null, message = LESSON_RESERVED): AppError {
  return AppError.forbidden(pendingFrom ? contractMessages.accessNotOpen(parisDay(pendingFrom)) : message);
}
const QUIZ_COMPLETES = quizMessages.quizCompletes;

const courseFacts = { id: courses.id, authorId: courses.authorId, status: courses.status };

/** 404 when the caller cannot see the course (a draft's existence is not revealed), 403 when they may not edit it. */
export function checkEditable(course: CourseFacts | undefined, actor: Actor, notFound: string): CourseFacts {
  if (!course || !canViewCourse(actor, course)) throw AppError.notFound(notFound);
  if (!canEditCourse(actor, course)) throw AppError.forbidden(EDIT_REFUSED);
  return course;
}

async function findCourse(db: Db | Tx, id: number): Promise<CourseFacts | undefined> {
  const [row] = await db.select(courseFacts).from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

async function findVisibleCourse(db: Db, id: number, actor: Actor | null): Promise<CourseFacts> {
  const course = await findCourse(db, id);
  if (!course || !canViewCourse(actor, course)) throw AppError.notFound(COURSE_NOT_FOUND);
  return course;
}

export async function findSection(db: Db, id: number) {
  const [row] = await db
    .select({ id: courseSections.id, courseId: courseSections.courseId, course: courseFacts })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.id, id))
    .limit(1);
  return row;
}

export async function findLesson(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ lesson: lessons, courseId: courseSections.courseId, course: courseFacts })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(lessons.id, id))
    .limit(1);
  return row;
}

/** Locks the course row, so concurrent changes to its sections take turns. */
async function lockCourse(tx: Tx, courseId: number): Promise<void> {
  await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
}

export async function lockSection(tx: Tx, sectionId: number): Promise<boolean> {
  const [row] = await tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.id, sectionId)).for('update');
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Public information

/** The columns of a course's public information, for every reader of it (detail page, review, editor). */
export const courseInformationColumns = {
  objectives: courses.objectives,
  targetAudience: courses.targetAudience,
  prerequisites: courses.prerequisites,
  assessmentMethods: courses.assessmentMethods,
  accessDelay: courses.accessDelay,
  teachingMethods: courses.teachingMethods,
  accessibility: courses.accessibility,
  contact: courses.contact,
  certificationCode: courses.certificationCode,
  certificationCertifier: courses.certificationCertifier,
  certificationRegisteredOn: courses.certificationRegisteredOn,
  publicInfoUpdatedAt: courses.publicInfoUpdatedAt,
};
export type CourseInformationRow = { [K in keyof typeof courseInformationColumns]: (typeof courses.$inferSelect)[K] };

export function toCourseInformation(row: CourseInformationRow): CourseInformation {
  return {
    objectives: row.objectives,
    target_audience: row.targetAudience,
    prerequisites: row.prerequisites,
    assessment_methods: row.assessmentMethods,
    access_delay: row.accessDelay ?? '',
    teaching_methods: row.teachingMethods ?? '',
    accessibility: row.accessibility ?? '',
    contact: row.contact ?? '',
    certification:
      row.certificationCode && row.certificationCertifier && row.certificationRegisteredOn
        ? { code: row.certificationCode, certifier: row.certificationCertifier, registered_on: row.certificationRegisteredOn }
        : null,
    public_info_updated_at: row.publicInfoUpdatedAt?.toISOString() ?? null,
  };
}

/** The columns the body changes (absent fields stay); an empty text is stored as null, « not given ». */
function informationChanges(body: CourseInformationBody) {
  const text = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);
  const changes = {
    objectives: body.objectives,
    targetAudience: body.target_audience,
    prerequisites: body.prerequisites,
    assessmentMethods: body.assessment_methods,
    accessDelay: text(body.access_delay),
    teachingMethods: text(body.teaching_methods),
    accessibility: text(body.accessibility),
    contact: text(body.contact),
    ...(body.certification !== undefined
      ? {
          certificationCode: body.certification?.code ?? null,
          certificationCertifier: body.certification?.certifier ?? null,
          certificationRegisteredOn: body.certification?.registered_on ?? null,
        }
      : {}),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<CourseInformationRow>;
}

/**
 * Saves the public information; « mis à jour le » moves only when a value really changed, so saving
 * the form again does not make old information look new (decision 046).
 */
export async function updateCourseInformation(db: Db, courseId: number, actor: Actor, body: CourseInformationBody): Promise<CourseInformation> {
  checkEditable(await findCourse(db, courseId), actor, COURSE_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select(courseInformationColumns).from(courses).where(eq(courses.id, courseId)).for('update');
    if (!current) throw AppError.notFound(COURSE_NOT_FOUND);
    const changes = informationChanges(body);
    const changed = Object.entries(changes).some(([key, value]) => JSON.stringify(current[key as keyof CourseInformationRow]) !== JSON.stringify(value));
    if (!changed) return toCourseInformation(current);
    const now = new Date();
    const [row] = await tx
      .update(courses)
      .set({ ...changes, updatedAt: now, publicInfoUpdatedAt: now })
      .where(eq(courses.id, courseId))
      .returning(courseInformationColumns);
    return toCourseInformation(row!);
  });
}

// ---------------------------------------------------------------------------------------------
// Sections

function toAuthorSection(row: typeof courseSections.$inferSelect): AuthorSection {
  return { id: row.id, course_id: row.courseId, title: row.title, position: row.position };
}

/** A new section at the end of the course. */
export async function createSection(db: Db, courseId: number, actor: Actor, title: string): Promise<AuthorSection> {
  checkEditable(await findCourse(db, courseId), actor, COURSE_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const [counted] = await tx.select({ n: count() }).from(courseSections).where(eq(courseSections.courseId, courseId));
    const [row] = await tx
      .insert(courseSections)
      .values({ courseId, title, position: counted?.n ?? 0 })
      .returning();
    return toAuthorSection(row!);
  });
}

export async function renameSection(db: Db, sectionId: number, actor: Actor, title: string): Promise<AuthorSection> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  const [row] = await db.update(courseSections).set({ title, updatedAt: new Date() }).where(eq(courseSections.id, sectionId)).returning();
  if (!row) throw AppError.notFound(SECTION_NOT_FOUND);
  return toAuthorSection(row);
}

/** Removes the section with its lessons and their progress rows, then closes the gap, then the lessons' files. */
export async function deleteSection(db: Db, storage: Storage, sectionId: number, actor: Actor): Promise<void> {
  const section = await findSection(db, sectionId);
  const course = checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  const files = await db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const kept = await tx.select({ file: lessons.filePath, captions: lessons.captionsPath }).from(lessons).where(eq(lessons.sectionId, sectionId));
    const removed = await tx.delete(courseSections).where(eq(courseSections.id, sectionId)).returning({ id: courseSections.id });
    if (removed.length === 0) throw AppError.notFound(SECTION_NOT_FOUND);
    await renumber(tx, 'sections', course.id);
    // Learners who had done everything else have now completed the course.
    await detectCourseCompletions(tx, course.id);
    return kept.flatMap((row) => [row.file, row.captions]);
  });
  // Only once the rows are gone: a failed deletion must not leave lessons without their files.
  await Promise.all(files.map((name) => removeStoredFile(storage, name)));
}

/** Puts the course's sections in the order given; the list must hold each of them exactly once. */
export async function reorderSections(db: Db, courseId: number, actor: Actor, ids: number[]): Promise<AuthorSection[]> {
  checkEditable(await findCourse(db, courseId), actor, COURSE_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    await applyOrder(tx, 'sections', courseId, ids, learningMessages.sectionOrderMismatch);
    const rows = await tx.select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position));
    return rows.map(toAuthorSection);
  });
}

// ---------------------------------------------------------------------------------------------
// Lessons

export function toAuthorLesson(row: LessonRow): AuthorLesson {
  return {
    id: row.id,
    section_id: row.sectionId,
    title: row.title,
    type: row.type,
    duration_minutes: row.durationMinutes,
    is_preview: row.isPreview,
    position: row.position,
    body_markdown: row.bodyMarkdown,
  };
}

/**
 * Inserts a lesson of any type at the end of the section, in the caller's transaction. The section
 * is locked first, so two lessons added at once get consecutive positions (404 once it is gone).
 */
export async function appendLesson(tx: Tx, sectionId: number, values: Omit<typeof lessons.$inferInsert, 'sectionId' | 'position'>): Promise<LessonRow> {
  if (!(await lockSection(tx, sectionId))) throw AppError.notFound(SECTION_NOT_FOUND);
  const [counted] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.sectionId, sectionId));
  const [row] = await tx
    .insert(lessons)
    .values({ ...values, sectionId, position: counted?.n ?? 0 })
    .returning();
  return row!;
}

/** A new text lesson at the end of the section. */
export async function createLesson(db: Db, sectionId: number, actor: Actor, body: LessonCreateBody): Promise<AuthorLesson> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  return db.transaction(async (tx) =>
    toAuthorLesson(
      await appendLesson(tx, sectionId, { title: body.title, type: body.type, durationMinutes: body.duration_minutes, isPreview: body.is_preview, bodyMarkdown: body.body_markdown }),
    ),
  );
}

export async function updateLesson(db: Db, lessonId: number, actor: Actor, body: LessonUpdateBody): Promise<AuthorLesson> {
  const found = await findLesson(db, lessonId);
  checkEditable(found?.course, actor, LESSON_NOT_FOUND);
  if (body.body_markdown !== undefined && found!.lesson.type !== 'text') {
    throw AppError.validation({ body_markdown: ['Seule une leçon de type « Texte » a un contenu Markdown.'] });
  }
  const [row] = await db
    .update(lessons)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.duration_minutes !== undefined ? { durationMinutes: body.duration_minutes } : {}),
      ...(body.is_preview !== undefined ? { isPreview: body.is_preview } : {}),
      ...(body.body_markdown !== undefined ? { bodyMarkdown: body.body_markdown } : {}),
      updatedAt: new Date(),
    })
    .where(eq(lessons.id, lessonId))
    .returning();
  if (!row) throw AppError.notFound(LESSON_NOT_FOUND);
  return toAuthorLesson(row);
}

/**
 * Removes the lesson; its progress rows go with it (foreign key cascade), so every learner's
 * figures are counted again over the lessons that remain. Its files go once the row is gone.
 */
export async function deleteLesson(db: Db, storage: Storage, lessonId: number, actor: Actor): Promise<void> {
  const found = await findLesson(db, lessonId);
  const course = checkEditable(found?.course, actor, LESSON_NOT_FOUND);
  const sectionId = found!.lesson.sectionId;
  const removed = await db.transaction(async (tx) => {
    if (!(await lockSection(tx, sectionId))) throw AppError.notFound(LESSON_NOT_FOUND);
    const rows = await tx.delete(lessons).where(eq(lessons.id, lessonId)).returning({ file: lessons.filePath, captions: lessons.captionsPath });
    if (rows.length === 0) throw AppError.notFound(LESSON_NOT_FOUND);
    await renumber(tx, 'lessons', sectionId);
    // Learners who had done everything else have now completed the course.
    await detectCourseCompletions(tx, course.id);
    return rows[0]!;
  });
  await Promise.all([removeStoredFile(storage, removed.file), removeStoredFile(storage, removed.captions)]);
}

/** Puts the section's lessons in the order given; the list must hold each of them exactly once. */
export async function reorderLessons(db: Db, sectionId: number, actor: Actor, ids: number[]): Promise<AuthorLesson[]> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  return db.transaction(async (tx) => {
    if (!(await lockSection(tx, sectionId))) throw AppError.notFound(SECTION_NOT_FOUND);
    await applyOrder(tx, 'lessons', sectionId, ids, learningMessages.lessonOrderMismatch);
    const rows = await tx.select().from(lessons).where(eq(lessons.sectionId, sectionId)).orderBy(asc(lessons.position));
    return rows.map(toAuthorLesson);
  });
}

/**
 * Moves the lesson to another chapter of the same course, at `position` (the end when absent or
 * past it); both chapters are renumbered. Learners' progress on it is untouched.
 */
export async function moveLesson(db: Db, lessonId: number, actor: Actor, body: LessonMoveBody): Promise<AuthorLesson> {
  const found = await findLesson(db, lessonId);
  checkEditable(found?.course, actor, LESSON_NOT_FOUND);
  const target = await findSection(db, body.section_id);
  if (!target || target.courseId !== found!.courseId) throw AppError.validation({ section_id: [learningMessages.moveOtherCourse] });
  const from = found!.lesson.sectionId;
  return db.transaction(async (tx) => {
    // Both chapters, in id order, so two opposite moves cannot wait on each other.
    for (const id of [...new Set([from, target.id])].sort((a, b) => a - b)) {
      if (!(await lockSection(tx, id))) throw AppError.notFound(SECTION_NOT_FOUND);
    }
    const [counted] = await tx.select({ n: count() }).from(lessons).where(and(eq(lessons.sectionId, target.id), sql`${lessons.id} <> ${lessonId}`));
    const position = Math.min(body.position ?? Number.MAX_SAFE_INTEGER, counted?.n ?? 0);
    // Room at `position`: the lessons from there on go one place down, then the gaps close.
    await tx.execute(sql`update lessons set position = position + 1 where section_id = ${target.id} and position >= ${position} and id <> ${lessonId}`);
    const [row] = await tx
      .update(lessons)
      .set({ sectionId: target.id, position, updatedAt: new Date() })
      .where(and(eq(lessons.id, lessonId), eq(lessons.sectionId, from)))
      .returning();
    if (!row) throw AppError.notFound(LESSON_NOT_FOUND);
    await renumber(tx, 'lessons', from);
    await renumber(tx, 'lessons', target.id);
    const [moved] = await tx.select().from(lessons).where(eq(lessons.id, lessonId));
    return toAuthorLesson(moved!);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading and progress

/** The course's lessons in reading order (section, then lesson position). */
async function orderedLessons(db: Db | Tx, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({
      id: lessons.id,
      courseId: courseSections.courseId,
      sectionId: lessons.sectionId,
      title: lessons.title,
      type: lessons.type,
      durationMinutes: lessons.durationMinutes,
      isPreview: lessons.isPreview,
      positioning: sql<boolean>`coalesce(${quizzes.positioning}, false)`.mapWith(Boolean),
    })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .leftJoin(quizzes, eq(quizzes.lessonId, lessons.id))
    .where(inArray(courseSections.courseId, courseIds))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(lessons.position), asc(lessons.id));
}

async function completedLessonIds(db: Db | Tx, userId: number, lessonIds: number[]): Promise<Set<number>> {
  if (lessonIds.length === 0) return new Set();
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, lessonIds)));
  return new Set(rows.map((r) => r.lessonId));
}

/** Sections and lessons of a course anyone who can see it may read; `completed` for an enrolled caller. */
export async function getOutline(db: Db, courseId: number, actor: Actor | null): Promise<CourseOutline> {
  const course = await findVisibleCourse(db, courseId, actor);
  const sectionRows = await db
    .select({ id: courseSections.id, title: courseSections.title })
    .from(courseSections)
    .where(eq(courseSections.courseId, course.id))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
  const lessonRows = await orderedLessons(db, [course.id]);
  const enrolment = actor ? await enrolmentOf(db, actor.id, course.id) : null;
  const enrolled = Boolean(enrolment);
  const done = enrolled && actor ? await completedLessonIds(db, actor.id, lessonRows.map((l) => l.id)) : null;
  // A test de positionnement is « done » once taken, passed or not: the player stops offering it.
  const positioningIds = lessonRows.filter((l) => l.positioning).map((l) => l.id);
  if (done && actor && positioningIds.length > 0) {
    const taken = await db
      .selectDistinct({ lessonId: quizAttempts.lessonId })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, actor.id), inArray(quizAttempts.lessonId, positioningIds)));
    for (const row of taken) done.add(row.lessonId);
  }

  const sections: OutlineSection[] = sectionRows.map((s) => ({ id: s.id, title: s.title, lessons: [] }));
  const byId = new Map(sections.map((s) => [s.id, s]));
  for (const l of lessonRows) {
    byId.get(l.sectionId)?.lessons.push({
      id: l.id,
      title: l.title,
      type: l.type,
      duration_minutes: l.durationMinutes,
      is_preview: l.isPreview,
      ...(done ? { completed: done.has(l.id) } : {}),
      ...(l.positioning ? { positioning: true as const } : {}),
    });
  }
  return {
    sections,
    total_lessons: lessonRows.length,
    total_minutes: lessonRows.reduce((sum, l) => sum + l.durationMinutes, 0),
    ...(enrolment ? { completed_at: enrolment.completedAt?.toISOString() ?? null, last_lesson_id: enrolment.lastLessonId } : {}),
    resume_lesson_id: resumeLessonId({ sections }, enrolment?.lastLessonId),
  };
}

/**
 * A lesson's content for whoever may read it (canReadLesson); an enrolled learner's opening is
 * remembered as where "Reprendre" leads.
 */
export async function getLesson(db: Db, signer: MediaSigner, lessonId: number, actor: Actor | null): Promise<LessonContent> {
  const found = await findLesson(db, lessonId);
  if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(LESSON_NOT_FOUND);
  const { lesson, course } = found;
  const { enrolment, pendingFrom } = actor ? await enrolmentWithAccess(db, actor.id, course.id) : { enrolment: null, pendingFrom: null };
  if (!canReadLesson(actor, { authorId: course.authorId, isPreview: lesson.isPreview }, Boolean(enrolment))) {
    if (!actor) throw AppError.unauthenticated();
    throw lessonReserved(pendingFrom);
  }
  let completed: boolean | undefined;
  if (actor && enrolment) {
    await rememberLesson(db, actor.id, course.id, lesson.id);
    completed = (await completedLessonIds(db, actor.id, [lesson.id])).has(lesson.id);
  }
  return {
    id: lesson.id,
    course_id: course.id,
    section_id: lesson.sectionId,
    title: lesson.title,
    type: lesson.type,
    duration_minutes: lesson.durationMinutes,
    is_preview: lesson.isPreview,
    html: lesson.type === 'text' && lesson.bodyMarkdown !== null ? await renderLessonMarkdown(lesson.bodyMarkdown) : null,
    // Signed only now, after the access check above: the links are the proof of it (decision 017).
    media: lessonMedia(signer, lesson),
    ...(completed !== undefined ? { completed } : {}),
    // The editor starts from the source; learners only ever get the safe rendering.
    ...(actor && canEditCourse(actor, course) ? { body_markdown: lesson.bodyMarkdown } : {}),
  };
}

/** The learner's progress in the course, with the date they completed it. */
export async function courseProgress(db: Db | Tx, userId: number, courseId: number): Promise<LessonCompletion> {
  const lessonRows = countedLessons(await orderedLessons(db, [courseId]));
  const done = await completedLessonIds(db, userId, lessonRows.map((l) => l.id));
  const enrolment = await enrolmentOf(db, userId, courseId);
  return {
    completed: done.size,
    total: lessonRows.length,
    percent: progressPercent({ completed: done.size, total: lessonRows.length, completedAt: enrolment?.completedAt ?? null }),
    completed_at: enrolment?.completedAt?.toISOString() ?? null,
  };
}

/**
 * Records a lesson as completed for the learner (no-op when it already is), remembers it as where
 * to resume, and detects the course's completion, all in the caller's transaction.
 */
export async function recordLessonCompleted(tx: Tx, userId: number, courseId: number, lessonId: number): Promise<void> {
  await tx.insert(lessonProgress).values({ userId, lessonId }).onConflictDoNothing();
  await rememberLesson(tx, userId, courseId, lessonId);
  await detectCourseCompletions(tx, courseId, userId);
}

/** Marks the lesson completed for an enrolled learner; doing it again changes nothing. A quiz completes by being passed. */
export async function completeLesson(db: Db, lessonId: number, actor: Actor): Promise<LessonCompletion> {
  const found = await findLesson(db, lessonId);
  if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(LESSON_NOT_FOUND);
  const { enrolment, pendingFrom } = await enrolmentWithAccess(db, actor.id, found.course.id);
  if (!enrolment) throw lessonReserved(pendingFrom, PROGRESS_RESERVED);
  if (found.lesson.type === 'quiz') throw AppError.validation({ _: [QUIZ_COMPLETES] }, QUIZ_COMPLETES);
  return db.transaction(async (tx) => {
    await recordLessonCompleted(tx, actor.id, found.course.id, lessonId);
    return courseProgress(tx, actor.id, found.course.id);
  });
}

/** The published courses the learner saved and has not joined, most recently saved first, with their size. */
async function listSavedNotEnrolled(db: Db, userId: number): Promise<SavedLearningItem[]> {
  const rows = await db
    .select({ id: courses.id, title: courses.title, imagePath: courses.imagePath })
    .from(savedCourses)
    .innerJoin(courses, eq(courses.id, savedCourses.courseId))
    .leftJoin(enrolments, and(eq(enrolments.userId, savedCourses.userId), eq(enrolments.courseId, savedCourses.courseId)))
    .where(and(eq(savedCourses.userId, userId), eq(courses.status, 'published'), isNull(enrolments.courseId)))
    .orderBy(desc(savedCourses.createdAt), desc(courses.id));
  const lessonRows = await orderedLessons(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((course) => {
    const own = lessonRows.filter((l) => l.courseId === course.id);
    return {
      course_id: course.id,
      title: course.title,
      image: courseImageUrl(course.id, course.imagePath),
      total_lessons: own.length,
      total_minutes: own.reduce((sum, l) => sum + l.durationMinutes, 0),
    };
  });
}

/** The caller's published enrolled courses, most recently joined first, with progress and where to resume. */
export async function listMyLearning(db: Db, userId: number): Promise<MyLearning> {
  const enrolled = await db
    .select({ id: courses.id, enrolmentId: enrolments.id, title: courses.title, imagePath: courses.imagePath, completedAt: enrolments.completedAt })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(and(eq(enrolments.userId, userId), eq(courses.status, 'published')))
    .orderBy(desc(enrolments.createdAt), desc(courses.id));
  const lessonRows = await orderedLessons(
    db,
    enrolled.map((c) => c.id),
  );
  const done = await completedLessonIds(
    db,
    userId,
    lessonRows.map((l) => l.id),
  );
  const issued =
    enrolled.length === 0
      ? []
      : await db
          .select({
            courseId: certificates.courseId,
            id: certificates.id,
            number: certificates.number,
            code: certificates.code,
            revokedAt: certificates.revokedAt,
            revokedReason: certificates.revokedReason,
          })
          .from(certificates)
          .where(and(eq(certificates.userId, userId), inArray(certificates.courseId, enrolled.map((c) => c.id))));
  return {
    saved: await listSavedNotEnrolled(db, userId),
    items: enrolled.map((course) => {
      const own = countedLessons(lessonRows.filter((l) => l.courseId === course.id));
      const completed = own.filter((l) => done.has(l.id)).length;
      // "Reprendre" leads to the first lesson not done in course order, not the one opened last; when all are done, the last one.
      const resume = own.find((l) => !done.has(l.id))?.id ?? own.at(-1)?.id ?? null;
      return {
        enrolment_id: course.enrolmentId,
        course_id: course.id,
        title: course.title,
        image: courseImageUrl(course.id, course.imagePath),
        completed,
        total: own.length,
        percent: progressPercent({ completed, total: own.length, completedAt: course.completedAt }),
        last_lesson_id: resume,
        completed_at: course.completedAt?.toISOString() ?? null,
        certificate: certificateLink(issued.find((c) => c.courseId === course.id)),
      };
    }),
  };
}

function certificateLink(row: { id: number; number: string; code: string; revokedAt: Date | null; revokedReason: string | null } | undefined): CertificateLink | null {
  if (!row) return null;
  return { id: row.id, number: row.number, code: row.code, revoked: row.revokedAt ? { at: row.revokedAt.toISOString(), reason: row.revokedReason ?? '' } : null };
}
