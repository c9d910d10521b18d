import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { canEditCourse, canViewCourse, courseImageUrl, type CourseStatus } from '../../../shared/courses';
import {
  canReadLesson,
  learningMessages,
  progressPercent,
  type AuthorLesson,
  type AuthorSection,
  type CourseInformation,
  type CourseInformationBody,
  type CourseOutline,
  type LessonCompletion,
  type LessonContent,
  type LessonCreateBody,
  type LessonUpdateBody,
  type MyLearning,
  type OutlineSection,
} from '../../../shared/learning';
import type { Actor } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { courses, courseSections, enrolments, lessonProgress, lessons, type LessonRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { renderLessonMarkdown } from './markdown';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface CourseFacts {
  id: number;
  authorId: number;
  status: CourseStatus;
}

const COURSE_NOT_FOUND = "Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.";
const SECTION_NOT_FOUND = "Ce chapitre n'existe pas ou vous n'y avez pas accès.";
const LESSON_NOT_FOUND = "Cette leçon n'existe pas ou vous n'y avez pas accès.";
const EDIT_REFUSED = "Seuls l'auteur du cours et les administrateurs peuvent modifier son contenu.";
const LESSON_RESERVED = 'Cette leçon est réservée aux personnes inscrites au cours.';
const PROGRESS_RESERVED = 'Inscrivez-vous au cours pour enregistrer votre progression.';

const courseFacts = { id: courses.id, authorId: courses.authorId, status: courses.status };

/** 404 when the caller cannot see the course (a draft's existence is not revealed), 403 when they may not edit it. */
function checkEditable(course: CourseFacts | undefined, actor: Actor, notFound: string): CourseFacts {
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

async function findSection(db: Db, id: number) {
  const [row] = await db
    .select({ id: courseSections.id, courseId: courseSections.courseId, course: courseFacts })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.id, id))
    .limit(1);
  return row;
}

async function findLesson(db: Db, id: number) {
  const [row] = await db
    .select({ lesson: lessons, courseId: courseSections.courseId, course: courseFacts })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(lessons.id, id))
    .limit(1);
  return row;
}

async function enrolmentOf(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select({ lastLessonId: enrolments.lastLessonId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

function intArray(ids: number[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
}

/** Rewrites positions 0, 1, 2… in the current order, after a deletion left a gap. */
async function renumberSections(tx: Tx, courseId: number): Promise<void> {
  await tx.execute(sql`
    update course_sections s set position = r.n - 1
    from (select id, row_number() over (order by position, id) as n from course_sections where course_id = ${courseId}) r
    where s.id = r.id and s.position <> r.n - 1`);
}

async function renumberLessons(tx: Tx, sectionId: number): Promise<void> {
  await tx.execute(sql`
    update lessons l set position = r.n - 1
    from (select id, row_number() over (order by position, id) as n from lessons where section_id = ${sectionId}) r
    where l.id = r.id and l.position <> r.n - 1`);
}

/** Locks the course row, so concurrent changes to its sections take turns. */
async function lockCourse(tx: Tx, courseId: number): Promise<void> {
  await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
}

async function lockSection(tx: Tx, sectionId: number): Promise<boolean> {
  const [row] = await tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.id, sectionId)).for('update');
  return Boolean(row);
}

/** `ids` must be exactly the current set (no missing, extra or repeated id), else 422 with `message`. */
function checkSameSet(current: number[], ids: number[], message: string): void {
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
    throw AppError.validation({ ids: [message] });
  }
}

// ---------------------------------------------------------------------------------------------
// Public information

function toInformation(row: { objectives: string[]; targetAudience: string; prerequisites: string; assessmentMethods: string }): CourseInformation {
  return {
    objectives: row.objectives,
    target_audience: row.targetAudience,
    prerequisites: row.prerequisites,
    assessment_methods: row.assessmentMethods,
  };
}

export async function updateCourseInformation(db: Db, courseId: number, actor: Actor, body: CourseInformationBody): Promise<CourseInformation> {
  checkEditable(await findCourse(db, courseId), actor, COURSE_NOT_FOUND);
  const [row] = await db
    .update(courses)
    .set({
      ...(body.objectives !== undefined ? { objectives: body.objectives } : {}),
      ...(body.target_audience !== undefined ? { targetAudience: body.target_audience } : {}),
      ...(body.prerequisites !== undefined ? { prerequisites: body.prerequisites } : {}),
      ...(body.assessment_methods !== undefined ? { assessmentMethods: body.assessment_methods } : {}),
      updatedAt: new Date(),
    })
    .where(eq(courses.id, courseId))
    .returning({
      objectives: courses.objectives,
      targetAudience: courses.targetAudience,
      prerequisites: courses.prerequisites,
      assessmentMethods: courses.assessmentMethods,
    });
  if (!row) throw AppError.notFound(COURSE_NOT_FOUND);
  return toInformation(row);
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

/** Removes the section with its lessons and their progress rows, then closes the gap. */
export async function deleteSection(db: Db, sectionId: number, actor: Actor): Promise<void> {
  const section = await findSection(db, sectionId);
  const course = checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  await db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const removed = await tx.delete(courseSections).where(eq(courseSections.id, sectionId)).returning({ id: courseSections.id });
    if (removed.length === 0) throw AppError.notFound(SECTION_NOT_FOUND);
    await renumberSections(tx, course.id);
  });
}

/** Puts the course's sections in the order given; the list must hold each of them exactly once. */
export async function reorderSections(db: Db, courseId: number, actor: Actor, ids: number[]): Promise<AuthorSection[]> {
  checkEditable(await findCourse(db, courseId), actor, COURSE_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const current = await tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId));
    checkSameSet(
      current.map((s) => s.id),
      ids,
      learningMessages.sectionOrderMismatch,
    );
    if (ids.length > 0) {
      await tx.execute(sql`
        update course_sections s set position = o.n - 1, updated_at = now()
        from unnest(${intArray(ids)}) with ordinality as o(id, n)
        where s.id = o.id`);
    }
    const rows = await tx.select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position));
    return rows.map(toAuthorSection);
  });
}

// ---------------------------------------------------------------------------------------------
// Lessons

function toAuthorLesson(row: LessonRow): AuthorLesson {
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

/** A new text lesson at the end of the section. */
export async function createLesson(db: Db, sectionId: number, actor: Actor, body: LessonCreateBody): Promise<AuthorLesson> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  return db.transaction(async (tx) => {
    if (!(await lockSection(tx, sectionId))) throw AppError.notFound(SECTION_NOT_FOUND);
    const [counted] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.sectionId, sectionId));
    const [row] = await tx
      .insert(lessons)
      .values({
        sectionId,
        title: body.title,
        type: body.type,
        durationMinutes: body.duration_minutes,
        isPreview: body.is_preview,
        bodyMarkdown: body.body_markdown,
        position: counted?.n ?? 0,
      })
      .returning();
    return toAuthorLesson(row!);
  });
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
 * figures are counted again over the lessons that remain.
 */
export async function deleteLesson(db: Db, lessonId: number, actor: Actor): Promise<void> {
  const found = await findLesson(db, lessonId);
  checkEditable(found?.course, actor, LESSON_NOT_FOUND);
  const sectionId = found!.lesson.sectionId;
  await db.transaction(async (tx) => {
    if (!(await lockSection(tx, sectionId))) throw AppError.notFound(LESSON_NOT_FOUND);
    const removed = await tx.delete(lessons).where(eq(lessons.id, lessonId)).returning({ id: lessons.id });
    if (removed.length === 0) throw AppError.notFound(LESSON_NOT_FOUND);
    await renumberLessons(tx, sectionId);
  });
}

/** Puts the section's lessons in the order given; the list must hold each of them exactly once. */
export async function reorderLessons(db: Db, sectionId: number, actor: Actor, ids: number[]): Promise<AuthorLesson[]> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  return db.transaction(async (tx) => {
    if (!(await lockSection(tx, sectionId))) throw AppError.notFound(SECTION_NOT_FOUND);
    const current = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.sectionId, sectionId));
    checkSameSet(
      current.map((l) => l.id),
      ids,
      learningMessages.lessonOrderMismatch,
    );
    if (ids.length > 0) {
      await tx.execute(sql`
        update lessons l set position = o.n - 1, updated_at = now()
        from unnest(${intArray(ids)}) with ordinality as o(id, n)
        where l.id = o.id`);
    }
    const rows = await tx.select().from(lessons).where(eq(lessons.sectionId, sectionId)).orderBy(asc(lessons.position));
    return rows.map(toAuthorLesson);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading and progress

/** The course's lessons in reading order (section, then lesson position). */
async function orderedLessons(db: Db, courseIds: number[]) {
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
    })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(inArray(courseSections.courseId, courseIds))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(lessons.position), asc(lessons.id));
}

async function completedLessonIds(db: Db, userId: number, lessonIds: number[]): Promise<Set<number>> {
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
  const enrolled = actor ? Boolean(await enrolmentOf(db, actor.id, course.id)) : false;
  const done = enrolled && actor ? await completedLessonIds(db, actor.id, lessonRows.map((l) => l.id)) : null;

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
    });
  }
  return {
    sections,
    total_lessons: lessonRows.length,
    total_minutes: lessonRows.reduce((sum, l) => sum + l.durationMinutes, 0),
  };
}

/**
 * A lesson's content for whoever may read it (canReadLesson); an enrolled learner's opening is
 * remembered as where "Reprendre" leads.
 */
export async function getLesson(db: Db, lessonId: number, actor: Actor | null): Promise<LessonContent> {
  const found = await findLesson(db, lessonId);
  if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(LESSON_NOT_FOUND);
  const { lesson, course } = found;
  const enrolment = actor ? await enrolmentOf(db, actor.id, course.id) : null;
  if (!canReadLesson(actor, { authorId: course.authorId, isPreview: lesson.isPreview }, Boolean(enrolment))) {
    if (!actor) throw AppError.unauthenticated();
    throw AppError.forbidden(LESSON_RESERVED);
  }
  let completed: boolean | undefined;
  if (actor && enrolment) {
    await db
      .update(enrolments)
      .set({ lastLessonId: lesson.id })
      .where(and(eq(enrolments.userId, actor.id), eq(enrolments.courseId, course.id)));
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
    html: lesson.type === 'text' && lesson.bodyMarkdown !== null ? renderLessonMarkdown(lesson.bodyMarkdown) : null,
    ...(completed !== undefined ? { completed } : {}),
    // The editor starts from the source; learners only ever get the safe rendering.
    ...(actor && canEditCourse(actor, course) ? { body_markdown: lesson.bodyMarkdown } : {}),
  };
}

async function courseProgress(db: Db, userId: number, courseId: number): Promise<LessonCompletion> {
  const lessonRows = await orderedLessons(db, [courseId]);
  const done = await completedLessonIds(db, userId, lessonRows.map((l) => l.id));
  return { completed: done.size, total: lessonRows.length, percent: progressPercent(done.size, lessonRows.length) };
}

/** Marks the lesson completed for an enrolled learner; doing it again changes nothing. */
export async function completeLesson(db: Db, lessonId: number, actor: Actor): Promise<LessonCompletion> {
  const found = await findLesson(db, lessonId);
  if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(LESSON_NOT_FOUND);
  if (!(await enrolmentOf(db, actor.id, found.course.id))) throw AppError.forbidden(PROGRESS_RESERVED);
  await db.insert(lessonProgress).values({ userId: actor.id, lessonId }).onConflictDoNothing();
  await db
    .update(enrolments)
    .set({ lastLessonId: lessonId })
    .where(and(eq(enrolments.userId, actor.id), eq(enrolments.courseId, found.course.id)));
  return courseProgress(db, actor.id, found.course.id);
}

/** The caller's published enrolled courses, most recently joined first, with progress and where to resume. */
export async function listMyLearning(db: Db, userId: number): Promise<MyLearning> {
  const enrolled = await db
    .select({ id: courses.id, title: courses.title, imagePath: courses.imagePath, lastLessonId: enrolments.lastLessonId })
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
  return {
    items: enrolled.map((course) => {
      const own = lessonRows.filter((l) => l.courseId === course.id);
      const completed = own.filter((l) => done.has(l.id)).length;
      const resume = course.lastLessonId ?? own.find((l) => !done.has(l.id))?.id ?? own[0]?.id ?? null;
      return {
        course_id: course.id,
        title: course.title,
        image: courseImageUrl(course.id, course.imagePath),
        completed,
        total: own.length,
        percent: progressPercent(completed, own.length),
        last_lesson_id: resume,
      };
    }),
  };
}
