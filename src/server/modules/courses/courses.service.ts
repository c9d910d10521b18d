import { categoryName } from '../../../shared/categories';
import { and, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import {
  canEditCourse,
  canViewCourse,
  courseCreateFieldsSchema,
  courseMessages,
  courseDeletionMessages,
  courseUpdateFieldsSchema,
  isCourseAuthor,
  ownCourseMessages,
  type CategoryCount,
  type CourseDetail,
  type CourseItem,
  type CourseListQuery,
  type CoursePage,
  type MyCourses,
} from '../../../shared/courses';
import type { Actor } from '../../../shared/roles';
import { contractMessages } from '../../../shared/contracts';
import { escapeLike, normalizeSearch } from '../../../shared/text';
import { CATALOGUE_SEARCH_CAP } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { categories, certificates, courseCounts, courseSections, courses, enrolments, lessons, savedCourses, searchWords as searchWordsTable, trainingContracts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { courseItemColumns, toCourseItem } from './course-items';
import { ratingStats } from '../satisfaction';
import { fieldErrorsOf } from '../../lib/field-errors';
import { enrol, enrolmentOf, withdraw } from '../enrolments';
import { courseInformationColumns, toCourseInformation } from '../learning';
import { downloadName, keepUpload, removeStoredFile, type Storage } from '../../lib/storage';
import { checkAttachmentType, checkImageType, type CourseForm } from './course-uploads';

/** What lists and the detail read, author's name included, from courses alone (decision 016). */
const courseColumns = {
  ...courseItemColumns,
  updatedAt: courses.updatedAt,
  reviewReason: courses.reviewReason,
  attachmentPath: courses.attachmentPath,
  attachmentOriginalName: courses.attachmentOriginalName,
  attachmentMimeType: courses.attachmentMimeType,
  attachmentSize: courses.attachmentSize,
  ...courseInformationColumns,
};

/** The row's search column: title, description and the category name without accents or case. */
export function courseSearchText(title: string, description: string, categorySlug: string): string {
  return normalizeSearch(`${title} ${description} ${categoryName(categorySlug)}`);
}

const toItem = (row: CourseSelectRow): CourseItem => toCourseItem(row);

/** Each course row with its satisfaction count and average, aggregated in the same query. */
function selectCourses(db: Db) {
  const stats = ratingStats(db);
  return db
    .select({ ...courseColumns, ratingCount: stats.ratingCount, ratingAverage: stats.ratingAverage })
    .from(courses)
    .leftJoinLateral(stats, sql`true`);
}

type CourseSelectRow = Awaited<ReturnType<typeof selectCourses>>[number];

/** At most this many words of a query are searched. */
const MAX_SEARCH_WORDS = 8;

/** The query's words, lower-case and without accents, as the search columns hold them. */
function searchWords(q: string | undefined): string[] {
  return normalizeSearch(q ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * A course matches when the French full-text search finds every word (stems, accents ignored:
 * 'formations' finds 'formation'), or when every word appears as typed in its search text (a word
 * being typed, 'biodiv', or a code); each side is served by its own GIN index (decision 027).
 */
function searchMatch(words: string[]): SQL {
  const fullText = sql`${courses.searchVector} @@ plainto_tsquery('ecoforma_fr', ${words.join(' ')})`;
  const substrings = words.map((word) => like(courses.searchText, `%${escapeLike(word)}%`));
  return sql`(${fullText} or (${and(...substrings)}))`;
}

/** The letters and digits of each word, each taken as a prefix ('biodiv:*'), for ranking only. */
function prefixQuery(words: string[]): string {
  const tokens = words.flatMap((word) => word.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return tokens.map((token) => `${token}:*`).join(' | ');
}

/**
 * Relevance: the words (as prefixes) weigh more in the title (A) than in the description (B), so
 * a course naming the subject in its title comes before one mentioning it in passing.
 */
function searchRank(words: string[]): SQL {
  const query = prefixQuery(words);
  return query ? sql`ts_rank(${courses.searchVector}, to_tsquery('ecoforma_fr', ${query}))` : sql`0::real`;
}

/** Only words of letters and digits, long enough to resemble something, are corrected. */
const CORRECTABLE_WORD = /^[\p{L}\p{N}]{3,}$/u;
/** Below this trigram similarity, a vocabulary word is not taken for the one typed ('ville' is not 'feuille'). */
const MIN_CORRECTION_SIMILARITY = 0.4;

/**
 * Each word replaced by the closest word of the catalogue's vocabulary (table search_words, by
 * trigrams), or kept when none is close enough: 'biodiverste' becomes 'biodiversite'. Null when
 * nothing changed, so the caller does not search again for the same words.
 */
async function correctedWords(db: Db, words: string[]): Promise<string[] | null> {
  const candidates = [...new Set(words.filter((word) => CORRECTABLE_WORD.test(word)))];
  if (candidates.length === 0) return null;
  const result = await db.execute(sql`
      select t.typed, (
        select w.word from ${searchWordsTable} w
        where w.word % t.typed and similarity(w.word, t.typed) >= ${MIN_CORRECTION_SIMILARITY}
        order by similarity(w.word, t.typed) desc, w.word
        limit 1
      ) as fix
      from unnest(array[${sql.join(
        candidates.map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]) as t(typed)`);
  const rows = (result as unknown as { rows: Array<{ typed: string; fix: string | null }> }).rows;
  const fixes = new Map(rows.flatMap((row) => (row.fix ? [[row.typed, row.fix] as const] : [])));
  const corrected = words.map((word) => fixes.get(word) ?? word);
  return corrected.some((word, i) => word !== words[i]) ? corrected : null;
}

/**
 * Unsearched, up to this many courses (a theme), the page is cut from the matching ids read in
 * full; beyond, matches are dense enough for the newest-first index to reach a page quickly.
 */
export const SPARSE_MATCHES = 300;

/**
 * The public catalogue: published courses, filtered and paged in SQL; newest first, or by relevance
 * when searched, with a second try on the corrected words when a search finds nothing (decision 027).
 */
export async function listCatalogue(db: Db, query: CourseListQuery): Promise<CoursePage> {
  const words = searchWords(query.q);
  const category = query.category?.trim();
  const filters: SQL[] = [eq(courses.status, 'published')];
  if (category) filters.push(eq(courses.categorySlug, category));
  if (words.length === 0) return listNewest(db, and(...filters)!, category, query);

  const first = await listSearched(db, filters, words, query);
  if (first.total > 0) return first;
  const corrected = await correctedWords(db, words);
  return corrected ? listSearched(db, filters, corrected, query) : first;
}

function emptyPage(query: CourseListQuery, total: number): CoursePage {
  return { items: [], total, page: query.page, pageSize: query.pageSize };
}

/** The rows of these ids, in this order, in one query. */
async function itemsInOrder(db: Db, ids: number[]): Promise<CourseItem[]> {
  const rows = ids.length > 0 ? await selectCourses(db).where(inArray(courses.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [toItem(byId.get(id)!)] : []));
}

/**
 * Searched: the matching ids ranked by relevance then newest, the page cut in SQL. Ranking every
 * match and counting them all grew with the catalogue (a common word matches a fifth of it: 20,000
 * rows read, ranked and counted for 12 at 100,000 courses). So only the CATALOGUE_SEARCH_CAP newest
 * matches are candidates, read by walking the newest-first index until that many are found (or from
 * the GIN indexes when fewer match), then ranked; one more is read to know whether others exist, and
 * the total says « plus de » beyond (decision 055). Up to the cap, results and total are exact.
 */
async function listSearched(db: Db, filters: SQL[], words: string[], query: CourseListQuery): Promise<CoursePage> {
  const where = and(...filters, searchMatch(words));
  const offset = (query.page - 1) * query.pageSize;
  const result = await db.execute(sql`
    with candidates as materialized (
      select ${courses.id} as id, ${courses.createdAt} as created_at, ${searchRank(words)} as rank
      from ${courses} where ${where}
      order by ${courses.createdAt} desc, ${courses.id} desc
      limit ${CATALOGUE_SEARCH_CAP + 1}
    ),
    ranked as (select id, created_at, rank from candidates order by created_at desc, id desc limit ${CATALOGUE_SEARCH_CAP})
    select c.matched, p.id
    from (select count(*)::int as matched from candidates) c
    left join (select id, created_at, rank from ranked order by rank desc, created_at desc, id desc limit ${query.pageSize} offset ${offset}) p on true
    order by p.rank desc, p.created_at desc, p.id desc`);
  // Both drivers (pg and PGlite) answer a raw statement with its rows under `rows`.
  const { rows } = result as unknown as { rows: Array<{ matched: number; id: number | null }> };
  const matched = Number(rows[0]!.matched);
  const capped = matched > CATALOGUE_SEARCH_CAP;
  const ids = rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
  return {
    items: await itemsInOrder(db, ids),
    total: capped ? CATALOGUE_SEARCH_CAP : matched,
    ...(capped ? { totalCapped: true } : {}),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Published courses, of one theme or all, as the triggers of migration 0038 keep them counted. */
async function publishedCount(db: Db, category: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${courseCounts.n}), 0)::int`.mapWith(Number) })
    .from(courseCounts)
    .where(and(eq(courseCounts.status, 'published'), category ? eq(courseCounts.categorySlug, category) : undefined));
  return row?.n ?? 0;
}

/** Not searched: newest first. */
async function listNewest(db: Db, where: SQL, category: string | undefined, query: CourseListQuery): Promise<CoursePage> {
  const offset = (query.page - 1) * query.pageSize;
  // Counting the published courses read them all (an index-only scan of 95,000 entries at 100,000
  // courses): their number is kept by triggers instead (decision 055).
  const total = await publishedCount(db, category);
  if (offset >= total) return emptyPage(query, total);
  if (total > SPARSE_MATCHES) {
    const rows = await selectCourses(db)
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(query.pageSize)
      .offset(offset);
    return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
  }
  // Walking the newest-first index and testing each row would visit most of the table when few
  // rows match (a small theme): read the few matching ids instead and sort them here.
  const candidates = await db.select({ id: courses.id, createdAt: courses.createdAt }).from(courses).where(where);
  candidates.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const ids = candidates.slice(offset, offset + query.pageSize).map((c) => c.id);
  return { items: await itemsInOrder(db, ids), total, page: query.page, pageSize: query.pageSize };
}

/** The six themes with their number of published courses, read from the counts the triggers keep (decision 055). */
export async function listCategoryCounts(db: Db): Promise<CategoryCount[]> {
  return db
    .select({ slug: categories.slug, name: categories.name, count: sql<number>`coalesce(${courseCounts.n}, 0)::int`.mapWith(Number) })
    .from(categories)
    .leftJoin(courseCounts, and(eq(courseCounts.categorySlug, categories.slug), eq(courseCounts.status, 'published')))
    .orderBy(categories.position);
}

async function findCourseRow(db: Db, id: number): Promise<CourseSelectRow | null> {
  const [row] = await selectCourses(db).where(eq(courses.id, id)).limit(1);
  return row ?? null;
}

/** The course if this caller may see it; 404 otherwise, so a draft's existence is not revealed. */
async function findVisibleCourse(db: Db, id: number, actor: Actor | null): Promise<CourseSelectRow> {
  const row = await findCourseRow(db, id);
  if (!row || !canViewCourse(actor, { authorId: row.authorId, status: row.status })) {
    throw AppError.notFound("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.");
  }
  return row;
}

async function hasRow(db: Db, table: typeof enrolments | typeof savedCourses, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

async function hasLiveContract(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: trainingContracts.id })
    .from(trainingContracts)
    .where(and(eq(trainingContracts.userId, userId), eq(trainingContracts.courseId, courseId), isNull(trainingContracts.withdrawnAt)))
    .limit(1);
  return Boolean(row);
}

export async function isEnrolled(db: Db, userId: number, courseId: number): Promise<boolean> {
  return Boolean(await enrolmentOf(db, userId, courseId));
}

export async function getCourseDetail(db: Db, id: number, actor: Actor | null): Promise<CourseDetail> {
  const row = await findVisibleCourse(db, id, actor);
  const [enrolled, saved] = actor
    ? [await hasRow(db, enrolments, actor.id, row.id), await hasRow(db, savedCourses, actor.id, row.id)]
    : [false, false];
  return {
    ...toItem(row),
    // The reason of a refusal is for the author and administrators only.
    ...(canEditCourse(actor, { authorId: row.authorId }) ? { review_reason: row.reviewReason } : {}),
    updated_at: row.updatedAt.toISOString(),
    ...toCourseInformation(row),
    enrolled,
    saved,
    attachment:
      row.attachmentPath && row.attachmentOriginalName && row.attachmentMimeType && row.attachmentSize !== null
        ? { name: row.attachmentOriginalName, size: row.attachmentSize, mime: row.attachmentMimeType }
        : null,
  };
}

/** A trainer's (or admin's) own courses in every state, newest first, with the current review reason. */
export async function listAuthorCourses(db: Db, authorId: number): Promise<{ items: CourseItem[]; total: number }> {
  const rows = await selectCourses(db).where(eq(courses.authorId, authorId)).orderBy(desc(courses.createdAt), desc(courses.id));
  return { items: rows.map((row) => ({ ...toItem(row), review_reason: row.reviewReason })), total: rows.length };
}

/** The course the caller wants to change: 404 when they cannot see it, 403 when they may not edit it. */
export async function findEditableCourse(db: Db, id: number, actor: Actor): Promise<CourseSelectRow> {
  const row = await findVisibleCourse(db, id, actor);
  if (!canEditCourse(actor, { authorId: row.authorId })) {
    throw AppError.forbidden("Seuls l'auteur du cours et les administrateurs peuvent le modifier ou le supprimer.");
  }
  return row;
}

interface KeptFile {
  storedName: string;
  mime: string;
  originalName: string;
  size: number;
}

/** Gives the checked files their permanent names; the caller removes them if the row is not written. */
async function keepFiles(storage: Storage, files: { image?: { file: CourseForm['image']; ext: string; mime: string }; attachment?: { file: CourseForm['attachment']; ext: string; mime: string } }) {
  const kept: { image?: KeptFile; attachment?: KeptFile } = {};
  try {
    for (const key of ['image', 'attachment'] as const) {
      const entry = files[key];
      if (!entry?.file) continue;
      const storedName = await keepUpload(storage, entry.file, entry.ext);
      kept[key] = {
        storedName,
        mime: entry.mime,
        // Offered for download under the extension of its real type, whatever name it came with.
        originalName: downloadName(entry.file.originalName, entry.ext),
        size: entry.file.size,
      };
    }
  } catch (error) {
    await removeKept(storage, kept);
    throw error;
  }
  return kept;
}

async function removeKept(storage: Storage, kept: { image?: KeptFile; attachment?: KeptFile }): Promise<void> {
  await Promise.all([removeStoredFile(storage, kept.image?.storedName), removeStoredFile(storage, kept.attachment?.storedName)]);
}

/** Checks the files' real types (415) before anything is kept. */
async function checkFiles(form: CourseForm) {
  const image = form.image ? await checkImageType(form.image) : null;
  const attachment = form.attachment ? await checkAttachmentType(form.attachment) : null;
  return {
    image: form.image && image ? { file: form.image, ...image } : undefined,
    attachment: form.attachment && attachment ? { file: form.attachment, ...attachment } : undefined,
  };
}

/**
 * A new course from a received form: file types (415), then fields (422), then the files are
 * kept and the row written; if the insert fails the kept files are removed, so nothing remains.
 */
export async function createCourse(db: Db, storage: Storage, actor: Actor, form: CourseForm): Promise<CourseDetail> {
  const files = await checkFiles(form);
  const parsed = courseCreateFieldsSchema.safeParse(form.fields);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  if (!form.image) errors.image = [courseMessages.imageRequired];
  if (!parsed.success || Object.keys(errors).length > 0) throw AppError.validation(errors);
  const v = parsed.data;

  const kept = await keepFiles(storage, files);
  let id: number;
  try {
    const [row] = await db
      .insert(courses)
      .values({
        title: v.title,
        description: v.description,
        categorySlug: v.category,
        duration: v.duration,
        priceCents: v.price,
        discountPriceCents: v.discountPrice ?? null,
        // Published only through the review (decision 018).
        status: 'draft',
        authorId: actor.id,
        imagePath: kept.image?.storedName ?? null,
        imageMimeType: kept.image?.mime ?? null,
        attachmentPath: kept.attachment?.storedName ?? null,
        attachmentOriginalName: kept.attachment?.originalName ?? null,
        attachmentMimeType: kept.attachment?.mime ?? null,
        attachmentSize: kept.attachment?.size ?? null,
        searchText: courseSearchText(v.title, v.description, v.category),
        publicInfoUpdatedAt: new Date(),
      })
      .returning({ id: courses.id });
    id = row!.id;
  } catch (error) {
    await removeKept(storage, kept);
    throw error;
  }
  return getCourseDetail(db, id, actor);
}

/**
 * Changes the fields sent and replaces the files sent. The old files are removed only once the
 * row points to the new ones; if the update fails, the new files are removed instead.
 */
export async function updateCourse(db: Db, storage: Storage, actor: Actor, course: CourseSelectRow, form: CourseForm): Promise<CourseDetail> {
  const files = await checkFiles(form);
  const parsed = courseUpdateFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw AppError.validation(fieldErrorsOf(parsed.error.issues));
  const v = parsed.data;

  const title = v.title ?? course.title;
  const description = v.description ?? course.description;
  const category = v.category ?? course.categorySlug;
  const priceCents = v.price ?? course.priceCents;
  const discountPriceCents = v.discountPrice === undefined ? course.discountPriceCents : v.discountPrice;
  if (discountPriceCents !== null && discountPriceCents >= priceCents) {
    throw AppError.validation({ discountPrice: [courseMessages.discountNotLower] });
  }

  const kept = await keepFiles(storage, files);
  let replaced: { image: string | null; attachment: string | null };
  try {
    replaced = await db.transaction(async (tx) => {
      // Locked, so two concurrent updates cannot both think they replace the same old file.
      const [current] = await tx
        .select({ imagePath: courses.imagePath, attachmentPath: courses.attachmentPath })
        .from(courses)
        .where(eq(courses.id, course.id))
        .for('update');
      if (!current) throw AppError.notFound();
      const removeAttachment = Boolean(kept.attachment) || v.removeAttachment === 'true';
      const now = new Date();
      // The card's title, description, duration and prices are public information too: « mis à jour le » follows them (decision 046).
      const publicChange =
        title !== course.title || description !== course.description || (v.duration ?? course.duration) !== course.duration || priceCents !== course.priceCents || discountPriceCents !== course.discountPriceCents;
      await tx
        .update(courses)
        .set({
          title,
          description,
          categorySlug: category,
          duration: v.duration ?? course.duration,
          priceCents,
          discountPriceCents,
          searchText: courseSearchText(title, description, category),
          updatedAt: now,
          ...(publicChange ? { publicInfoUpdatedAt: now } : {}),
          ...(kept.image ? { imagePath: kept.image.storedName, imageMimeType: kept.image.mime } : {}),
          ...(removeAttachment
            ? {
                attachmentPath: kept.attachment?.storedName ?? null,
                attachmentOriginalName: kept.attachment?.originalName ?? null,
                attachmentMimeType: kept.attachment?.mime ?? null,
                attachmentSize: kept.attachment?.size ?? null,
              }
            : {}),
        })
        .where(eq(courses.id, course.id));
      return { image: kept.image ? current.imagePath : null, attachment: removeAttachment ? current.attachmentPath : null };
    });
  } catch (error) {
    await removeKept(storage, kept);
    throw error;
  }
  await Promise.all([removeStoredFile(storage, replaced.image), removeStoredFile(storage, replaced.attachment)]);
  return getCourseDetail(db, course.id, actor);
}

/**
 * Removes a course nobody follows (saves, sections and lessons go with it), then its files and its
 * lessons' files. A published course is unpublished instead, and one with enrolments or
 * attestations is kept (409), checked under the course's lock so an enrolment cannot slip in.
 */
export async function deleteCourse(db: Db, storage: Storage, courseId: number): Promise<void> {
  const { row, lessonFiles } = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, courseId)).for('update');
    if (!locked) throw AppError.notFound();
    if (locked.status === 'published') throw AppError.invalidTransition(courseDeletionMessages.published);
    const [followed] = await tx
      .select({ one: sql<number>`1` })
      .from(enrolments)
      .where(eq(enrolments.courseId, courseId))
      .union(tx.select({ one: sql<number>`1` }).from(certificates).where(eq(certificates.courseId, courseId)))
      .limit(1);
    if (followed) throw AppError.invalidTransition(courseDeletionMessages.followed);
    const files = await tx
      .select({ file: lessons.filePath, captions: lessons.captionsPath })
      .from(lessons)
      .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
      .where(eq(courseSections.courseId, courseId));
    const [deleted] = await tx
      .delete(courses)
      .where(eq(courses.id, courseId))
      .returning({ imagePath: courses.imagePath, attachmentPath: courses.attachmentPath });
    return { row: deleted, lessonFiles: files.flatMap((f) => [f.file, f.captions]) };
  });
  if (!row) throw AppError.notFound();
  await Promise.all([row.imagePath, row.attachmentPath, ...lessonFiles].map((name) => removeStoredFile(storage, name)));
}

/** Only published courses can be joined or saved; enrolling twice changes nothing. */
async function findPublishedCourse(db: Db, id: number): Promise<{ id: number; authorId: number; priceCents: number }> {
  const [row] = await db
    .select({ id: courses.id, authorId: courses.authorId, priceCents: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.status, 'published')))
    .limit(1);
  if (!row) throw AppError.notFound("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.");
  return row;
}

export async function setEnrolment(db: Db, userId: number, id: number, enrolled: boolean): Promise<{ enrolled: boolean }> {
  const course = await findPublishedCourse(db, id);
  const courseId = course.id;
  // Told in their own words; enrol() refuses the author on every other path too.
  if (enrolled && isCourseAuthor({ id: userId }, course)) throw new AppError('own_course', 403, ownCourseMessages.enrol);
  // A paid course is joined through its contrat de formation (L6353-3) or an organisation's seat, never for free (issue 29).
  if (enrolled && course.priceCents > 0 && !(await isEnrolled(db, userId, courseId))) throw new AppError('contract_required', 409, contractMessages.contractRequired);
  // Leaving a signed contract is its withdrawal, with its own rules (« Me rétracter »).
  if (!enrolled && (await hasLiveContract(db, userId, courseId))) throw new AppError('contract_signed', 409, contractMessages.leaveThroughWithdrawal);
  await db.transaction(async (tx) => {
    if (enrolled) await enrol(tx, courseId, [userId]);
    else await withdraw(tx, userId, courseId);
  });
  return { enrolled };
}

export async function setSaved(db: Db, userId: number, id: number, saved: boolean): Promise<{ saved: boolean }> {
  const courseId = (await findPublishedCourse(db, id)).id;
  if (saved) await db.insert(savedCourses).values({ userId, courseId }).onConflictDoNothing();
  else await db.delete(savedCourses).where(and(eq(savedCourses.userId, userId), eq(savedCourses.courseId, courseId)));
  return { saved };
}

/** The caller's enrolled and saved published courses, most recent first. */
export async function listMyCourses(db: Db, userId: number): Promise<MyCourses> {
  const enrolledRows = await selectCourses(db)
    .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, userId)))
    .where(eq(courses.status, 'published'))
    .orderBy(desc(enrolments.createdAt), desc(courses.id));
  const savedRows = await selectCourses(db)
    .innerJoin(savedCourses, and(eq(savedCourses.courseId, courses.id), eq(savedCourses.userId, userId)))
    .where(eq(courses.status, 'published'))
    .orderBy(desc(savedCourses.createdAt), desc(courses.id));
  return { enrolled: enrolledRows.map(toItem), saved: savedRows.map(toItem) };
}

/** What the file routes need to decide and serve. */
export async function findCourseFiles(db: Db, id: number) {
  const [row] = await db
    .select({
      id: courses.id,
      status: courses.status,
      authorId: courses.authorId,
      imagePath: courses.imagePath,
      imageMimeType: courses.imageMimeType,
      attachmentPath: courses.attachmentPath,
      attachmentOriginalName: courses.attachmentOriginalName,
      attachmentMimeType: courses.attachmentMimeType,
      attachmentSize: courses.attachmentSize,
    })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row ?? null;
}
