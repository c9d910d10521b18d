import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { categories } from '../../shared/categories';
import type { CertificateSnapshot } from '../../shared/certificates';
import { normalizeSearch } from '../../shared/text';
import type { Db } from '../db/client';
import {
  courses,
  courseSections,
  enrolments,
  lessons,
  liveRegistrations,
  liveSessions,
  liveSlots,
  meetings,
  organisationMembers,
  organisations,
  organisationSeats,
  providerSettings,
  quizQuestions,
  quizzes,
  satisfactionAnswers,
  users, type CourseRow, type LessonRow, type MeetingRow, type QuizOptionData, type UserRow } from '../db/schema';
import { organisationValues } from '../modules/organisations/organisation-details';
import { hashPassword } from '../lib/passwords';
import { userSearchText } from '../lib/search-text';
import { createSession } from '../lib/sessions';
import { courseSearchText } from '../modules/courses/courses.service';
import { pngImage, type FilePart } from './files';
import { keepUpload, type Storage } from '../lib/storage';
import { demoProvider } from '../modules/provider/provider.service';
import { randomSiret } from './siret';

/**
 * Rows written straight into the database, each with sensible defaults that any field can
 * override: `createUser(db, { role: 'formateur' })`. No Vitest import here, so the benchmarks
 * can use them too.
 */

export const DEFAULT_PASSWORD = 'Motdepasse1';
let defaultHash: Promise<string> | undefined;

let userSequence = 0;
/** A user with sensible defaults; every field can be overridden. Password: DEFAULT_PASSWORD. */
export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}): Promise<UserRow> {
  userSequence++;
  const { password, ...fields } = overrides;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const role = fields.role ?? 'membre';
  const firstname = fields.firstname ?? 'Camille';
  const lastname = fields.lastname ?? `Martin${userSequence}`;
  const email = fields.email ?? `user${userSequence}-${randomBytes(4).toString('hex')}@exemple.fr`;
  const [user] = await db
    .insert(users)
    .values({
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      gender: 'female',
      birthdate: '1990-05-17',
      isValid: role !== 'formateur',
      // Confirmed, as every account from before e-mail confirmation; pass `emailConfirmedAt: null` for a new signup's.
      emailConfirmedAt: new Date(),
      searchText: userSearchText({ firstname, lastname, email }),
      ...fields,
      role,
      firstname,
      lastname,
      email,
    })
    .returning();
  return user!;
}

/** `{ authorization: 'Bearer …' }` for a new session of this user. */
export async function authHeader(db: Db, user: Pick<UserRow, 'id'>): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await createSession(db, user.id)}` };
}

let courseSequence = 0;
/** A course row written directly (no files; place them with `placeFile`), for catalogue, enrolment and access tests. */
export async function insertCourse(db: Db, authorId: number, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<CourseRow> {
  courseSequence++;
  const title = overrides.title ?? `Cours d'essai ${courseSequence}`;
  const description = overrides.description ?? 'Une description suffisamment longue pour le cours.';
  const categorySlug = overrides.categorySlug ?? 'rse';
  const [row] = await db
    .insert(courses)
    .values({
      duration: '1 mois',
      priceCents: 8000,
      status: 'published',
      ...overrides,
      title,
      description,
      categorySlug,
      authorId,
      searchText: courseSearchText(title, description, categorySlug),
    })
    .returning();
  return row!;
}

/**
 * An interview written straight into the database, tomorrow by default; `scheduledAt` in the past
 * makes one the API would refuse to schedule (an interview under way or over).
 */
export async function insertMeeting(db: Db, userId: number, overrides: Partial<typeof meetings.$inferInsert> = {}): Promise<MeetingRow> {
  const roomName = overrides.roomName ?? `EcoForma-${userId}-${Date.now()}-${randomBytes(8).toString('hex')}`;
  const [row] = await db
    .insert(meetings)
    .values({ scheduledAt: new Date(Date.now() + 24 * 60 * 60 * 1000), ...overrides, userId, roomName, url: overrides.url ?? `https://meet.jit.si/${roomName}` })
    .returning();
  return row!;
}

/** A section appended to the course (position = how many it already has, unless overridden). */
export async function insertSection(db: Db, courseId: number, overrides: Partial<typeof courseSections.$inferInsert> = {}) {
  const [counted] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(courseSections).where(sql`${courseSections.courseId} = ${courseId}`);
  const [row] = await db
    .insert(courseSections)
    .values({ title: `Chapitre ${(counted?.n ?? 0) + 1}`, position: counted?.n ?? 0, ...overrides, courseId })
    .returning();
  return row!;
}

/** A text lesson appended to the section (10 minutes, not a preview, unless overridden). */
export async function insertLesson(db: Db, sectionId: number, overrides: Partial<typeof lessons.$inferInsert> = {}): Promise<LessonRow> {
  const [counted] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(lessons).where(sql`${lessons.sectionId} = ${sectionId}`);
  const [row] = await db
    .insert(lessons)
    .values({
      title: `Leçon ${(counted?.n ?? 0) + 1}`,
      type: 'text',
      durationMinutes: 10,
      bodyMarkdown: 'Un **paragraphe** de la leçon.',
      position: counted?.n ?? 0,
      ...overrides,
      sectionId,
    })
    .returning();
  return row!;
}

/**
 * A quiz lesson appended to the section (80 %, unlimited attempts, unless overridden) with its
 * questions; by default one single-choice question whose right option is id 1.
 */
export async function insertQuiz(
  db: Db,
  sectionId: number,
  overrides: Partial<typeof lessons.$inferInsert> & { passMark?: number; maxAttempts?: number | null; positioning?: boolean; questions?: { prompt: string; type?: 'single' | 'multiple' | 'true_false'; options: QuizOptionData[]; explanation?: string; objective?: string | null }[] } = {},
) {
  const { passMark = 80, maxAttempts = null, positioning = false, questions, ...lessonFields } = overrides;
  const lesson = await insertLesson(db, sectionId, { title: 'Quiz', type: 'quiz', bodyMarkdown: null, durationMinutes: 5, ...lessonFields });
  await db.insert(quizzes).values({ lessonId: lesson.id, passMark, maxAttempts, positioning });
  const wanted = questions ?? [
    {
      prompt: 'Quel geste réduit le plus les déchets ?',
      options: [
        { id: 1, text: 'Éviter le produit', correct: true },
        { id: 2, text: 'Le jeter', correct: false },
      ],
    },
  ];
  const rows = await db
    .insert(quizQuestions)
    .values(wanted.map((q, position) => ({ lessonId: lesson.id, position, type: q.type ?? 'single', prompt: q.prompt, options: q.options, explanation: q.explanation ?? '', objective: q.objective ?? null })))
    .returning();
  return { lesson, questions: rows.sort((a, b) => a.position - b.position) };
}

/** The user follows the course, as `POST /api/courses/:id/enrolment` would record it. */
export async function enrol(db: Db, userId: number, courseId: number): Promise<void> {
  await db.insert(enrolments).values({ userId, courseId }).onConflictDoNothing();
}

/** The user follows the course and has completed it (as detectCourseCompletions would record it, without an attestation). */
export async function enrolCompleted(db: Db, userId: number, courseId: number, completedAt = new Date()): Promise<void> {
  await db.insert(enrolments).values({ userId, courseId, completedAt }).onConflictDoUpdate({ target: [enrolments.userId, enrolments.courseId], set: { completedAt } });
}

/** A satisfaction answer written straight into the database (the learner need not have completed the course). */
export async function insertSatisfactionAnswer(db: Db, userId: number, courseId: number, overrides: Partial<typeof satisfactionAnswers.$inferInsert> = {}) {
  const [row] = await db.insert(satisfactionAnswers).values({ rating: 4, comment: null, ...overrides, userId, courseId }).returning();
  return row!;
}

/** Fields of a valid course form, to override one at a time. */
export function courseFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Compostage collectif en ville',
    description: 'Mettre en place un composteur partagé dans son quartier, étape par étape.',
    category: 'dechets',
    price: '79',
    discountPrice: '69,90',
    duration: '4 semaines',
    ...overrides,
  };
}

/** The course image part of a course form. */
export function imagePart(content: Buffer = pngImage(), filename = 'couverture.png'): FilePart {
  return { name: 'image', filename, content, contentType: 'image/png' };
}

const titleTemplates = [
  'Bilan carbone : mesurer et réduire les émissions',
  'Reconnaître et protéger la biodiversité locale',
  'Permaculture et agroécologie au jardin',
  'Zéro déchet en entreprise',
  'Rénovation énergétique des bâtiments',
  "Piloter une démarche RSE selon l'ISO 26000",
  'Fresque du climat pour les équipes',
  'Écologie urbaine et îlots de fraîcheur',
  'Gestion durable de l’eau',
  'Économie circulaire et réemploi',
  'Construire en bois, paille et chanvre',
  'Mobilité douce et plan de déplacements',
  'Achats responsables et fournisseurs',
  'Compostage et sols vivants',
  'Sobriété numérique au bureau',
  'Pollinisateurs : abeilles et papillons',
];

const descriptions = [
  "Une formation pratique pour passer à l'action dans votre organisation, avec des outils concrets.",
  'Des études de cas, des exercices guidés et un plan d’action personnalisé à la fin du parcours.',
  'Comprendre les enjeux, mesurer les impacts et choisir les leviers les plus efficaces.',
  'Un parcours conçu par des experts du développement durable, accessible aux débutants.',
  'Méthodes, indicateurs et retours d’expérience de collectivités et d’entreprises engagées.',
];

function textArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Writes `count` published (and a few draft) courses in one INSERT ... SELECT, with titles,
 * descriptions and themes that vary, and a search column equal to what the service computes:
 * normalizeSearch(`${title} ${description} ${category name}`). Used by the paging tests and the
 * catalogue benchmark.
 */
export async function insertManyCourses(db: Db, count: number): Promise<void> {
  const [author] = await db
    .insert(users)
    .values({
      email: `banc.essai.${Date.now()}@ecoforma.fr`,
      // Not an argon2 hash: nobody can ever sign in as this author.
      passwordHash: 'compte-de-mesure-sans-mot-de-passe',
      firstname: 'Banc',
      lastname: "d'essai",
      role: 'formateur',
      isValid: true,
      searchText: 'banc d essai',
    })
    .returning({ id: users.id });

  const titles = textArray(titleTemplates);
  const normalizedTitles = textArray(titleTemplates.map(normalizeSearch));
  const texts = textArray(descriptions);
  const normalizedTexts = textArray(descriptions.map(normalizeSearch));
  const slugs = textArray(categories.map((c) => c.slug));
  const normalizedNames = textArray(categories.map((c) => normalizeSearch(c.name)));
  const t = titleTemplates.length;
  const d = descriptions.length;
  const c = categories.length;

  await db.execute(sql`
    insert into courses (title, description, category_slug, duration, price_cents, discount_price_cents, status, author_id, search_text, created_at, updated_at)
    select
      (${titles})[1 + i % ${t}] || ' ' || i,
      (${texts})[1 + (i / ${t}) % ${d}],
      (${slugs})[1 + (i / 3) % ${c}],
      (1 + i % 3) || ' mois',
      7000 + (i % 26) * 100,
      case when i % 3 = 0 then 6000 + (i % 26) * 100 else null end,
      case when i % 20 = 0 then 'draft' else 'published' end,
      ${author!.id},
      (${normalizedTitles})[1 + i % ${t}] || ' ' || i || ' ' || (${normalizedTexts})[1 + (i / ${t}) % ${d}] || ' ' || (${normalizedNames})[1 + (i / 3) % ${c}],
      now() - i * interval '1 minute',
      now() - i * interval '1 minute'
    from generate_series(1, ${count}) as i
  `);
  // A live database is vacuumed by autovacuum; a freshly bulk-loaded one is not yet (visibility map, statistics).
  await db.execute(sql`vacuum analyze courses`);
}

/** What an attestation prints, for rows written directly (unless overridden). */
export function certificateSnapshot(overrides: Partial<CertificateSnapshot> = {}): CertificateSnapshot {
  const now = new Date().toISOString();
  return {
    learner_name: 'Inès Apprenante',
    course_title: 'Compostage collectif',
    objectives: ['Trier ses biodéchets'],
    duration_minutes: 30,
    enrolled_at: now,
    completed_at: now,
    trainer_name: 'Claire Formatrice',
    quizzes: [],
    objective_results: [],
    ...overrides,
  };
}

let organisationSequence = 0;
/** An `organisme` account with its organisation's details (a valid random SIRET), unless overridden. */
export async function createOrganisation(
  db: Db,
  overrides: { name?: string; siret?: string; user?: Parameters<typeof createUser>[1] } = {},
): Promise<UserRow & { organisationName: string }> {
  organisationSequence++;
  const user = await createUser(db, { role: 'organisme', gender: null, birthdate: null, phoneNumber: '01 23 45 67 89', ...overrides.user });
  const name = overrides.name ?? `Asso Verte ${organisationSequence}`;
  await db.insert(organisations).values({
    userId: user.id,
    ...organisationValues(
      { organisation_name: name, siret: overrides.siret ?? randomSiret(), sector: 'associatif', size_band: '10-49', address: '3 rue des Lilas', postal_code: '69003', city: 'Lyon' },
      user.email,
    ),
  });
  return { ...user, organisationName: name };
}

/** A membership written directly: `active` (consented) by default, with the member's account; `invited` for a bare address. */
export async function insertMembership(
  db: Db,
  organisationId: number,
  member: Pick<UserRow, 'id' | 'email'> | { email: string },
  overrides: Partial<typeof organisationMembers.$inferInsert> = {},
) {
  const userId = 'id' in member ? member.id : null;
  const [row] = await db
    .insert(organisationMembers)
    .values({
      organisationId,
      email: member.email,
      userId,
      status: userId ? 'active' : 'invited',
      joinedAt: userId ? new Date() : null,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      ...overrides,
    })
    .returning();
  return row!;
}

/** Seats for a course, set as an administrator would. */
export async function insertSeats(db: Db, organisationId: number, courseId: number, seats: number, used = 0): Promise<void> {
  await db.insert(organisationSeats).values({ organisationId, courseId, seats, used });
}

/**
 * A live session written directly (issue 28), starting `startsInMinutes` from now with one slot per
 * entry of `slotMinutes` (back to back), and its registered learners. Virtual by default.
 */
export async function insertLiveSession(
  db: Db,
  courseId: number,
  options: { startsInMinutes?: number; slotMinutes?: number[]; capacity?: number; learners?: number[]; modality?: 'in_person' | 'virtual'; title?: string } = {},
) {
  const start = Date.now() + (options.startsInMinutes ?? 24 * 60) * 60_000;
  const lengths = options.slotMinutes ?? [180];
  const end = start + lengths.reduce((a, b) => a + b, 0) * 60_000;
  const modality = options.modality ?? 'virtual';
  const roomName = `EcoForma-session-${Date.now()}-${randomBytes(12).toString('hex')}`;
  const [session] = await db
    .insert(liveSessions)
    .values({
      courseId,
      title: options.title ?? 'Atelier en direct',
      modality,
      address: modality === 'in_person' ? '3 rue des Lilas, 69003 Lyon' : null,
      startsAt: new Date(start),
      endsAt: new Date(end),
      capacity: options.capacity ?? 10,
      roomName: modality === 'virtual' ? roomName : null,
      roomUrl: modality === 'virtual' ? `https://meet.jit.si/${roomName}` : null,
    })
    .returning();
  let at = start;
  const slots = [];
  for (const minutes of lengths) {
    const [slot] = await db.insert(liveSlots).values({ sessionId: session!.id, startsAt: new Date(at), endsAt: new Date(at + minutes * 60_000) }).returning();
    slots.push(slot!);
    at += minutes * 60_000;
  }
  if (options.learners?.length) await db.insert(liveRegistrations).values(options.learners.map((userId) => ({ sessionId: session!.id, userId })));
  return { session: session!, slots };
}

/**
 * Fills every provider setting (the demo identity unless overridden) with a stored signature
 * image, so that documents can be generated. Overrides may set a column back to null.
 */
export async function setProviderSettings({ db, storage }: { db: Db; storage: Storage }, overrides: Partial<typeof providerSettings.$inferInsert> = {}): Promise<void> {
  const image = pngImage(60, 20);
  const tempPath = `${storage.incomingDir}/${randomBytes(8).toString('hex')}.png`;
  await fs.mkdir(storage.incomingDir, { recursive: true });
  await fs.writeFile(tempPath, image);
  const signaturePath = await keepUpload(storage, { tempPath, size: image.length }, 'png');
  const values = { ...demoProvider, signaturePath, ...overrides, updatedAt: new Date() };
  await db.insert(providerSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: providerSettings.id, set: values });
}
