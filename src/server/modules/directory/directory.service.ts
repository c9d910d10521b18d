import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DIRECTORY_PAGE_SIZE,
  directoryMessages,
  PHOTO_SIZE_PX,
  type DirectoryCard,
  type DirectoryField,
  type DirectoryPage,
  type DirectoryValues,
  type MyAttestations,
  type MyDirectoryEntry,
  type PublicAttestation,
  type TrainerPublic,
} from '../../../shared/directory';
import type { CategorySlug } from '../../../shared/categories';
import type { RegionSlug } from '../../../shared/regions';
import { normalizeSearch, escapeLike } from '../../../shared/text';
import { isAdmin } from '../../../shared/roles';
import { webPaths } from '../../../shared/web-paths';
import type { Db, Executor } from '../../db/client';
import { certificates, courses, directoryEntries, satisfactionAnswers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModerationTarget } from '../../lib/module-manifest';
import type { ModuleDeps } from '../../lib/deps';
import { checkFileType, type IncomingFile } from '../../lib/file-transfer';
import { discardUpload, keepUpload, removeStoredFile } from '../../lib/storage';
import type { AuthUser } from '../../lib/sessions';

type EntryRow = typeof directoryEntries.$inferSelect;

/** Lower-case, without the accents of French: the SQL side of normalizeSearch, for names that change. */
export function foldSql(expression: SQL): SQL {
  return sql`translate(lower(${expression}), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa')`;
}

function entryOf(row: EntryRow | undefined, hasPhoto: boolean): MyDirectoryEntry {
  return {
    visible: row?.visible ?? false,
    fields: row?.fields ?? [],
    accepts_messages: row?.acceptsMessages ?? false,
    headline: row?.headline ?? null,
    region: (row?.region as RegionSlug | null | undefined) ?? null,
    domains: (row?.domains ?? []) as CategorySlug[],
    bio: row?.bio ?? null,
    has_photo: hasPhoto,
    updated_at: row ? row.updatedAt.toISOString() : null,
    ...(row?.hiddenAt ? { moderation: 'hidden' as const } : {}),
  };
}

/** The caller's own entry; before any choice, nothing is shown (not listed, no field). */
export async function myEntry(db: Executor, userId: number): Promise<MyDirectoryEntry> {
  const [row] = await db
    .select({ entry: directoryEntries, picture: users.profilPicture })
    .from(users)
    .leftJoin(directoryEntries, eq(directoryEntries.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw AppError.notFound();
  return entryOf(row.entry ?? undefined, Boolean(row.picture));
}

export async function saveEntry(db: Db, userId: number, values: DirectoryValues): Promise<MyDirectoryEntry> {
  const now = new Date();
  const set = {
    visible: values.visible,
    fields: values.fields,
    acceptsMessages: values.accepts_messages,
    headline: values.headline,
    region: values.region,
    domains: values.domains,
    bio: values.bio,
    updatedAt: now,
  };
  await db.insert(directoryEntries).values({ userId, ...set }).onConflictDoUpdate({ target: directoryEntries.userId, set });
  return myEntry(db, userId);
}

/** The caller's attestations that still stand (not revoked), newest first. */
export async function myAttestations(db: Executor, userId: number): Promise<MyAttestations> {
  const rows = await db
    .select({ code: certificates.code, snapshot: certificates.snapshot, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return { items: rows.map((r) => ({ code: r.code, course_title: r.snapshot.course_title, issued_at: r.issuedAt.toISOString() })) };
}

/**
 * Valid attestations of these people, by person: by id among `ids` when given (what an applicant
 * chose), else all of them. A revoked one, or one no longer theirs, is left out.
 */
export async function validAttestations(db: Executor, userIds: number[], ids?: number[]): Promise<Map<number, (PublicAttestation & { id: number })[]>> {
  const result = new Map<number, (PublicAttestation & { id: number })[]>();
  if (userIds.length === 0 || (ids && ids.length === 0)) return result;
  const rows = await db
    .select({ id: certificates.id, userId: certificates.userId, code: certificates.code, snapshot: certificates.snapshot, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(inArray(certificates.userId, userIds), isNull(certificates.revokedAt), ...(ids ? [inArray(certificates.id, ids)] : [])))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  for (const row of rows) {
    const list = result.get(row.userId!) ?? [];
    list.push({
      id: row.id,
      course_title: row.snapshot.course_title,
      issued_at: row.issuedAt.toISOString(),
      verification_code: row.code,
      verification_url: webPaths.certificate(row.code),
    });
    result.set(row.userId!, list);
  }
  return result;
}

const has = (fields: DirectoryField[], field: DirectoryField) => fields.includes(field);

/**
 * The directory: only people who opted in, only what each chose to show, never an e-mail. The
 * search reads the name and, where shown, the headline; the filters only match shown fields, so
 * a hidden region or domain cannot be found out by filtering.
 */
export async function searchDirectory(db: Db, query: { q?: string | undefined; domain?: string | undefined; region?: string | undefined; page: number }, caller: AuthUser): Promise<DirectoryPage> {
  const conditions: SQL[] = [eq(directoryEntries.visible, true)];
  // An entry hidden by moderation is out of the directory; administrators still find it, marked (decision 043).
  if (!isAdmin(caller)) conditions.push(isNull(directoryEntries.hiddenAt));
  // A disabled account (not a trainer awaiting approval) is not shown.
  conditions.push(sql`(${users.isValid} or ${users.role} = 'formateur')`);
  if (query.q) {
    const pattern = `%${escapeLike(normalizeSearch(query.q))}%`;
    const shownHeadline = sql`case when ${directoryEntries.fields} ? 'headline' then coalesce(${directoryEntries.headline}, '') else '' end`;
    conditions.push(sql`${foldSql(sql`${users.firstname} || ' ' || ${users.lastname} || ' ' || ${shownHeadline}`)} like ${pattern}`);
  }
  if (query.region) conditions.push(sql`${directoryEntries.fields} ? 'region' and ${directoryEntries.region} = ${query.region}`);
  if (query.domain) conditions.push(sql`${directoryEntries.fields} ? 'domains' and ${directoryEntries.domains} ? ${query.domain}`);
  const pageSize = DIRECTORY_PAGE_SIZE;
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      picture: users.profilPicture,
      entry: directoryEntries,
      total: sql<number>`cast(count(*) over() as integer)`,
    })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .where(and(...conditions))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const withAttestations = rows.filter((r) => has(r.entry.fields, 'attestations')).map((r) => r.id);
  const attestations = await validAttestations(db, withAttestations);
  const items: DirectoryCard[] = rows.map((r) => {
    const fields = r.entry.fields;
    return {
      id: r.id,
      firstname: r.firstname,
      lastname: r.lastname,
      accepts_messages: r.entry.acceptsMessages,
      ...(has(fields, 'headline') ? { headline: r.entry.headline } : {}),
      ...(has(fields, 'region') ? { region: r.entry.region as RegionSlug | null } : {}),
      ...(has(fields, 'domains') ? { domains: r.entry.domains as CategorySlug[] } : {}),
      ...(has(fields, 'attestations') ? { attestations: (attestations.get(r.id) ?? []).map(({ id: _id, ...a }) => a) } : {}),
      has_photo: has(fields, 'photo') && Boolean(r.picture),
      ...(r.entry.hiddenAt ? { moderation: 'hidden' as const } : {}),
    };
  });
  return { items, total: rows[0]?.total ?? 0, page: query.page, pageSize };
}

/** Both people are listed in the directory and accept messages: the messaging module's third relationship. */
export async function bothAcceptMessages(db: Executor, userA: number, userB: number): Promise<boolean> {
  if (userA === userB) return false;
  const rows = await db
    .select({ userId: directoryEntries.userId })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .where(
      and(
        inArray(directoryEntries.userId, [userA, userB]),
        eq(directoryEntries.visible, true),
        isNull(directoryEntries.hiddenAt),
        eq(directoryEntries.acceptsMessages, true),
        sql`(${users.isValid} or ${users.role} = 'formateur')`,
      ),
    );
  return rows.length === 2;
}

// ---------------------------------------------------------------------------------------------
// The profile photo

const PHOTO_TYPES = new Set(['png', 'jpg', 'webp']);
/** Refuses images that would take too much memory to decode (a "decompression bomb"). */
const PHOTO_MAX_PIXELS = 40_000_000;

/**
 * Checks the upload by its content (PNG, JPEG or WebP), turns it into a square JPEG of
 * PHOTO_SIZE_PX (centred crop, orientation applied, metadata such as GPS position dropped), keeps
 * it through the storage, then points `users.profil_picture` at it and removes the previous one.
 */
export async function storePhoto({ db, storage }: ModuleDeps, userId: number, received: IncomingFile): Promise<void> {
  const squared = path.join(storage.incomingDir, `${randomBytes(16).toString('hex')}.jpg`);
  let storedName: string;
  try {
    if (received.size === 0) throw AppError.validation({ photo: [directoryMessages.photoEmpty] }, directoryMessages.photoEmpty);
    await checkFileType(
      received,
      (detected) => (detected && PHOTO_TYPES.has(detected.ext) ? detected : null),
      () => new AppError('unsupported_file_type', 415, directoryMessages.photoUnsupported),
    );
    // Loaded on first use: only photo uploads need the image library.
    const { default: sharp } = await import('sharp');
    let info: { size: number };
    try {
      info = await sharp(received.tempPath, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toFile(squared);
    } catch {
      throw AppError.validation({ photo: [directoryMessages.photoUnreadable] }, directoryMessages.photoUnreadable);
    }
    storedName = await keepUpload(storage, { tempPath: squared, size: info.size }, 'jpg');
  } finally {
    await discardUpload(received);
    await fs.rm(squared, { force: true });
  }
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [current] = await tx.select({ picture: users.profilPicture }).from(users).where(eq(users.id, userId)).for('update');
      if (!current) throw AppError.notFound();
      await tx.update(users).set({ profilPicture: storedName, updatedAt: new Date() }).where(eq(users.id, userId));
      return current.picture;
    });
  } catch (error) {
    await removeStoredFile(storage, storedName);
    throw error;
  }
  if (previous && previous !== storedName) await removeStoredFile(storage, previous);
}

export async function removePhoto({ db, storage }: ModuleDeps, userId: number): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const [current] = await tx.select({ picture: users.profilPicture }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ profilPicture: null, updatedAt: new Date() }).where(eq(users.id, userId));
    return current?.picture ?? null;
  });
  await removeStoredFile(storage, previous);
}

/**
 * The stored name of a person's photo as this caller may see it: always their own; another's only
 * while that person is listed in the directory with the photo among the fields they show. Anything
 * else answers the same 404, so a hidden photo cannot be told from a missing one.
 */
export async function photoFor(db: Executor, caller: AuthUser, userId: number): Promise<string> {
  const [row] = await db
    .select({ picture: users.profilPicture, visible: directoryEntries.visible, hiddenAt: directoryEntries.hiddenAt, fields: directoryEntries.fields, isValid: users.isValid, role: users.role })
    .from(users)
    .leftJoin(directoryEntries, eq(directoryEntries.userId, users.id))
    .where(eq(users.id, userId));
  const shown = row?.visible === true && !row.hiddenAt && (row.fields ?? []).includes('photo') && (row.isValid || row.role === 'formateur');
  if (!row?.picture || (caller.id !== userId && !shown)) throw AppError.notFound(directoryMessages.photoNotFound);
  return row.picture;
}

// ---------------------------------------------------------------------------------------------
// Trainers' public pages

const round1 = (value: string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

/** An approved trainer's public page: presentation, published courses and ratings. Anyone else: 404. */
export async function trainerPublic(db: Executor, trainerId: number): Promise<TrainerPublic> {
  const [trainer] = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, speciality: users.speciality, role: users.role, isValid: users.isValid, bio: directoryEntries.bio, hiddenAt: directoryEntries.hiddenAt })
    .from(users)
    .leftJoin(directoryEntries, eq(directoryEntries.userId, users.id))
    .where(eq(users.id, trainerId));
  if (!trainer || trainer.role !== 'formateur' || !trainer.isValid) throw AppError.notFound(directoryMessages.trainerNotFound);
  const list = await db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.categorySlug,
      ratingCount: sql<number>`cast(count(${satisfactionAnswers.id}) as integer)`,
      ratingSum: sql<number>`cast(coalesce(sum(${satisfactionAnswers.rating}), 0) as integer)`,
      ratingAverage: sql<string | null>`round(avg(${satisfactionAnswers.rating}), 1)`,
    })
    .from(courses)
    .leftJoin(satisfactionAnswers, eq(satisfactionAnswers.courseId, courses.id))
    .where(and(eq(courses.authorId, trainerId), eq(courses.status, 'published')))
    .groupBy(courses.id)
    .orderBy(desc(courses.createdAt), desc(courses.id));
  const count = list.reduce((n, c) => n + c.ratingCount, 0);
  const sum = list.reduce((n, c) => n + c.ratingSum, 0);
  return {
    id: trainer.id,
    firstname: trainer.firstname,
    lastname: trainer.lastname,
    speciality: trainer.speciality,
    // A presentation hidden by moderation (decision 043) is not shown on the public page either.
    bio: trainer.hiddenAt ? null : trainer.bio,
    rating_average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
    rating_count: count,
    courses: list.map((c) => ({ id: c.id, title: c.title, category: c.category, rating_average: round1(c.ratingAverage), rating_count: c.ratingCount })),
  };
}

/**
 * The moderation target `profile` (decision 043), by the person's id: seen by anyone signed in
 * while the entry is in the directory; its author is the person. Hiding takes it out of the
 * directory (and its photo out of sight) whatever its owner chose, until a contest reverses it;
 * removing deletes the entry and the photo, which the person may give again, anew.
 */
export const profileTarget: ModerationTarget = {
  async describe(db, id, viewerId) {
    const [row] = await db
      .select({ entry: directoryEntries, firstname: users.firstname, lastname: users.lastname, isValid: users.isValid, role: users.role })
      .from(directoryEntries)
      .innerJoin(users, eq(users.id, directoryEntries.userId))
      .where(eq(directoryEntries.userId, id))
      .limit(1);
    if (!row) return null;
    const listed = row.entry.visible && (row.isValid || row.role === 'formateur');
    if (viewerId !== null && viewerId !== id && (!listed || row.entry.hiddenAt)) return null;
    const headline = has(row.entry.fields, 'headline') && row.entry.headline ? [row.entry.headline] : [];
    const excerpt = [`${row.firstname} ${row.lastname}`, ...headline, ...(row.entry.bio ? [row.entry.bio] : [])].join('\n');
    return { authorId: id, excerpt, link: webPaths.directory };
  },
  async hide(tx, id, hidden) {
    await tx.update(directoryEntries).set({ hiddenAt: hidden ? new Date() : null }).where(eq(directoryEntries.userId, id));
  },
  async remove(tx, id) {
    await tx.delete(directoryEntries).where(eq(directoryEntries.userId, id));
    // The start-up sweep deletes the file no column names any more (decision 037).
    await tx.update(users).set({ profilPicture: null }).where(eq(users.id, id));
  },
};
