import { describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/plugins/auth';
import { meetings, type CourseRow, type LessonRow, type MeetingRow, type UserRow } from '../../src/server/db/schema';
import { courseFieldParts, expectErrorBody, roleActors, signedIn, stateFingerprint, type RoleActor, type SignedIn } from './support';
import { createTestApp } from '../../src/server/test/app';
import { createUser, DEFAULT_PASSWORD, insertCourse, insertLesson, insertSection } from '../../src/server/test/factories';
import { multipartBody, pdfDocument, pngImage } from '../../src/server/test/files';
import { placeFile } from '../../src/server/test/uploads';

/**
 * The access-control matrix: for every API route the server declares (app.apiRoutes), the exact
 * status each kind of caller gets. A route without a row, or a row without a route, fails.
 *
 * Columns:
 * - anonymous: no token;
 * - membre, organisme, formateur (not approved), formateur (approved), admin: signed in;
 * - other: an approved trainer (the most trusted non-admin) touching another user's data, on
 *   routes that take a user, course or meeting id ('-' where the route has no id).
 *
 * Which id each column uses (path parameters are real ids made by the factories):
 * - user routes: each signed-in non-admin targets their OWN account; the admin and the visitor
 *   target the subject (a pending trainer with a CV and an interview); "other" targets the subject;
 * - course routes: every column targets a published course of the approved trainer (with an image
 *   and an attachment); "other" targets a course of another trainer, published or draft as the
 *   row says;
 * - section and lesson routes: like course routes, the first section of the course and its
 *   first lesson (a text lesson, not a free preview); nobody is enrolled in these courses;
 * - meeting routes: every column targets the subject's interview.
 *
 * Cells are exact statuses. A 2xx means the caller got through; a 404/422 in a signed-in column
 * is the service answering after the guard let the caller in (e.g. 404 "Formateur introuvable"
 * for a member reading their own trainer status). Every 401/403 cell, and every "other" refusal,
 * is also checked to have changed nothing at all (rows and files).
 */

type Cell = number | '-';
type Target = 'none' | 'user' | 'course' | 'section' | 'lesson' | 'meeting';
type Column = 'anonymous' | RoleActor | 'other';
const columns: Column[] = ['anonymous', ...roleActors, 'other'];

interface World {
  actors: Record<RoleActor, SignedIn>;
  /** A pending trainer with a CV on disk and a scheduled interview. */
  subject: UserRow;
  subjectMeeting: MeetingRow;
  /** A member who signs in with DEFAULT_PASSWORD. */
  loginAccount: UserRow;
  /** Published, by the approved trainer, with an image and an attachment. */
  ownCourse: CourseRow;
  /** By another approved trainer: one published, one draft (both with files). */
  othersPublished: CourseRow;
  othersDraft: CourseRow;
  /** Each course's section and its lesson, by course id. */
  content: Map<number, { sectionId: number; lesson: LessonRow }>;
}

interface Request {
  payload?: Buffer | string | object;
  headers?: Record<string, string>;
}
type BodyFn = (world: World, caller: UserRow | null) => Request;

interface Row {
  access: string;
  target: Target;
  cells: [anonymous: Cell, membre: Cell, organisme: Cell, formateurPending: Cell, formateurApproved: Cell, admin: Cell, other: Cell];
  /** For course routes: which of the other trainer's courses the "other" column touches. */
  otherCourse?: 'published' | 'draft';
  body?: BodyFn;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}-${++sequence}`;

const signupBody: BodyFn = () => ({
  payload: {
    firstname: 'Inès',
    lastname: 'Matrice',
    email: `matrice-${unique()}@exemple.fr`,
    password: 'Motdepasse1',
    gender: 'female',
    birthdate: '1991-03-02',
    role: 'membre',
  },
});
const loginBody: BodyFn = (w) => ({ payload: { email: w.loginAccount.email, password: DEFAULT_PASSWORD } });
const profileBody: BodyFn = (_w, caller) => ({
  payload: { firstName: 'Lou', lastName: 'Profil', email: caller?.email ?? 'visiteur@exemple.fr', phoneNumber: '', birthDate: '1990-05-17', gender: 'female' },
});
const cvBody: BodyFn = () => multipartRequest([{ name: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfDocument() }]);
const newCourseBody: BodyFn = () => multipartRequest([...courseFieldParts(), { name: 'image', filename: 'couverture.png', contentType: 'image/png', data: pngImage(2, 2) }]);
const courseUpdateBody: BodyFn = () => multipartRequest([{ name: 'title', data: 'Titre corrigé du cours' }]);
const adminCreateBody: BodyFn = () => ({ payload: { firstname: 'Noé', lastname: 'Créé', email: `cree-${unique()}@exemple.fr`, role: 'membre' } });
const adminUpdateBody: BodyFn = (w) => ({
  payload: { firstname: 'Sacha', lastname: 'Corrigé', email: w.subject.email, phone_number: '06 12 34 56 78', gender: 'male', birthdate: '1988-01-09', country: 'France', speciality: 'Climat' },
});
const statusBody: BodyFn = () => ({ payload: { is_valid: true } });
const rejectBody: BodyFn = () => ({ payload: { reason: 'Expérience insuffisante en animation.' } });
const meetingBody: BodyFn = () => ({ payload: { meeting_date: new Date(Date.now() + 2 * 86_400_000).toISOString() } });
const informationBody: BodyFn = () => ({ payload: { objectives: ['Composter en pied d’immeuble'], prerequisites: 'Aucun' } });
const sectionBody: BodyFn = () => ({ payload: { title: 'Chapitre de la matrice' } });
// The author's own ids: another trainer is refused before the list is compared.
const sectionOrderBody: BodyFn = (w) => ({ payload: { ids: [w.content.get(w.ownCourse.id)!.sectionId] } });
const lessonOrderBody: BodyFn = (w) => ({ payload: { ids: [w.content.get(w.ownCourse.id)!.lesson.id] } });
const lessonBody: BodyFn = () => ({ payload: { title: 'Leçon de la matrice', type: 'text', duration_minutes: 10, body_markdown: 'Du **texte**.' } });
const lessonUpdateBody: BodyFn = () => ({ payload: { title: 'Leçon corrigée' } });

function multipartRequest(parts: Parameters<typeof multipartBody>[0]): Request {
  const { payload, headers } = multipartBody(parts);
  return { payload, headers };
}

const row = (access: string, target: Target, cells: Row['cells'], extra: Omit<Row, 'access' | 'target' | 'cells'> = {}): Row => ({ access, target, cells, ...extra });

// prettier-ignore
const matrix: Record<string, Row> = {
  //                                                                  anon membre orga f.pend f.appr admin other
  'GET /api/health':                        row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs':                          row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs/json':                     row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs/yaml':                     row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  // swagger-ui sends its own index page back to the documentation root.
  'GET /api/docs/static/index.html':        row('public',           'none',    [302, 302, 302, 302, 302, 302, '-']),
  'GET /api/docs/static/swagger-initializer.js': row('public',      'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/docs/static/*':                 row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),

  'POST /api/signup':                       row('public',           'none',    [201, 201, 201, 201, 201, 201, '-'], { body: signupBody }),
  'POST /api/login':                        row('public',           'none',    [200, 200, 200, 200, 200, 200, '-'], { body: loginBody }),
  'POST /api/logout':                       row('authenticated',    'none',    [401, 204, 204, 204, 204, 204, '-']),
  'GET /api/user/profile':                  row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
  'PUT /api/user/profile':                  row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-'], { body: profileBody }),
  'GET /api/user/courses':                  row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),

  'POST /api/upload-cv':                    row('isTrainer',        'none',    [401, 403, 403, 201, 201, 403, '-'], { body: cvBody }),
  'GET /api/formateur/:id/status':          row('authenticated',    'user',    [401, 404, 404, 200, 200, 200, 403]),
  'GET /api/formateur/courses':             row('canAuthorCourses', 'none',    [401, 403, 403, 403, 200, 200, '-']),

  'GET /api/admin/dashboard':               row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'GET /api/users':                         row('isAdmin',          'none',    [401, 403, 403, 403, 403, 200, '-']),
  'POST /api/admin/users':                  row('isAdmin',          'none',    [401, 403, 403, 403, 403, 201, '-'], { body: adminCreateBody }),
  'GET /api/admin/users/:id':               row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'PUT /api/admin/users/:id':               row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: adminUpdateBody }),
  'DELETE /api/admin/users/:id':            row('isAdmin',          'user',    [401, 403, 403, 403, 403, 204, 403]),
  'PUT /api/admin/users/:id/status':        row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: statusBody }),
  'POST /api/admin/users/:id/reject':       row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: rejectBody }),
  'GET /api/admin/users/:id/cv':            row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'POST /api/admin/users/:id/meeting':      row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403], { body: meetingBody }),
  'GET /api/admin/users/:id/meeting':       row('isAdmin',          'user',    [401, 403, 403, 403, 403, 200, 403]),
  'GET /api/admin/meetings/:meetingId':     row('isAdmin',          'meeting', [401, 403, 403, 403, 403, 200, 403]),

  'GET /api/courses':                       row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/categories':                    row('public',           'none',    [200, 200, 200, 200, 200, 200, '-']),
  'GET /api/courses/:id':                   row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'GET /api/courses/:id/image':             row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'GET /api/courses/:id/attachment':        row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'POST /api/courses':                      row('canAuthorCourses', 'none',    [401, 403, 403, 403, 201, 201, '-'], { body: newCourseBody }),
  'PUT /api/courses/:id':                   row('authenticated',    'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: courseUpdateBody }),
  'DELETE /api/courses/:id':                row('authenticated',    'course',  [401, 403, 403, 403, 204, 204, 403], { otherCourse: 'published' }),
  'POST /api/courses/:id/enrolment':        row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'DELETE /api/courses/:id/enrolment':      row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'POST /api/courses/:id/saved':            row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'DELETE /api/courses/:id/saved':          row('authenticated',    'course',  [401, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),

  'GET /api/courses/:id/outline':           row('public',           'course',  [200, 200, 200, 200, 200, 200, 404], { otherCourse: 'draft' }),
  'PUT /api/courses/:id/information':       row('canAuthorCourses', 'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: informationBody }),
  'POST /api/courses/:id/sections':         row('canAuthorCourses', 'course',  [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: sectionBody }),
  'PUT /api/courses/:id/sections/order':    row('canAuthorCourses', 'course',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: sectionOrderBody }),
  'PUT /api/sections/:id':                  row('canAuthorCourses', 'section', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: sectionBody }),
  'DELETE /api/sections/:id':               row('canAuthorCourses', 'section', [401, 403, 403, 403, 204, 204, 403], { otherCourse: 'published' }),
  'POST /api/sections/:id/lessons':         row('canAuthorCourses', 'section', [401, 403, 403, 403, 201, 201, 403], { otherCourse: 'published', body: lessonBody }),
  'PUT /api/sections/:id/lessons/order':    row('canAuthorCourses', 'section', [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: lessonOrderBody }),
  'GET /api/lessons/:id':                   row('public',           'lesson',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published' }),
  'PUT /api/lessons/:id':                   row('canAuthorCourses', 'lesson',  [401, 403, 403, 403, 200, 200, 403], { otherCourse: 'published', body: lessonUpdateBody }),
  'DELETE /api/lessons/:id':                row('canAuthorCourses', 'lesson',  [401, 403, 403, 403, 204, 204, 403], { otherCourse: 'published' }),
  // Nobody in the matrix is enrolled: progress is refused to all (the feature tests cover learners).
  'POST /api/lessons/:id/complete':         row('authenticated',    'lesson',  [401, 403, 403, 403, 403, 403, 403], { otherCourse: 'published' }),
  'GET /api/user/learning':                 row('authenticated',    'none',    [401, 200, 200, 200, 200, 200, '-']),
};

const { app, db, config, storage } = await createTestApp();

function accessName(access: Access): string {
  return typeof access === 'function' ? access.name : access;
}

async function buildWorld(): Promise<World> {
  const actors = {} as Record<RoleActor, SignedIn>;
  for (const kind of roleActors) actors[kind] = await signedIn(db, kind);
  const cv = await placeFile(storage, pdfDocument(), 'pdf');
  const subject = await createUser(db, {
    role: 'formateur',
    isValid: false,
    cvPath: cv,
    cvOriginalName: 'cv-sujet.pdf',
    cvMimeType: 'application/pdf',
    cvSize: pdfDocument().length,
    cvUploadedAt: new Date(),
  });
  const [subjectMeeting] = await db
    .insert(meetings)
    .values({
      userId: subject.id,
      createdById: actors.admin.user.id,
      roomName: `EcoForma-${subject.id}-${Date.now()}-${unique()}`,
      url: `https://${config.jitsiDomain}/EcoForma-${subject.id}-${unique()}`,
      scheduledAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const loginAccount = await createUser(db, { role: 'membre' });
  const otherAuthor = await createUser(db, { role: 'formateur', isValid: true });
  const withFiles = async () => ({
    imagePath: await placeFile(storage, pngImage(2, 2), 'png'),
    imageMimeType: 'image/png',
    attachmentPath: await placeFile(storage, pdfDocument(), 'pdf'),
    attachmentOriginalName: 'programme.pdf',
    attachmentMimeType: 'application/pdf',
    attachmentSize: pdfDocument().length,
  });
  const ownCourse = await insertCourse(db, actors.formateurApproved.user.id, await withFiles());
  const othersPublished = await insertCourse(db, otherAuthor.id, await withFiles());
  const othersDraft = await insertCourse(db, otherAuthor.id, { status: 'draft', ...(await withFiles()) });
  const content = new Map<number, { sectionId: number; lesson: LessonRow }>();
  for (const course of [ownCourse, othersPublished, othersDraft]) {
    const section = await insertSection(db, course.id);
    content.set(course.id, { sectionId: section.id, lesson: await insertLesson(db, section.id, { isPreview: false }) });
  }
  return { actors, subject, subjectMeeting: subjectMeeting!, loginAccount, ownCourse, othersPublished, othersDraft, content };
}

/** Who calls, and the id the column uses for this row (see the header comment). */
function resolve(world: World, rowDef: Row, column: Column): { caller: SignedIn | null; url: (template: string) => string } {
  const caller = column === 'anonymous' ? null : column === 'other' ? world.actors.formateurApproved : world.actors[column];
  const isSelfColumn = column !== 'anonymous' && column !== 'admin' && column !== 'other';
  let id: number | null = null;
  if (rowDef.target === 'user') id = isSelfColumn ? caller!.user.id : world.subject.id;
  const course = column === 'other' ? (rowDef.otherCourse === 'draft' ? world.othersDraft : world.othersPublished) : world.ownCourse;
  if (rowDef.target === 'course') id = course.id;
  if (rowDef.target === 'section') id = world.content.get(course.id)!.sectionId;
  if (rowDef.target === 'lesson') id = world.content.get(course.id)!.lesson.id;
  if (rowDef.target === 'meeting') id = world.subjectMeeting.id;
  return {
    caller,
    url: (template) =>
      template
        .replace(/:(id|meetingId)\b/, () => String(id))
        // The documentation's static files: one that exists.
        .replace(/\*$/, 'index.css'),
  };
}

describe('access-control matrix', () => {
  it('has exactly one row per API route, with the access rule the route declares', () => {
    const declared = new Map(app.apiRoutes.map((r) => [`${r.method} ${r.url}`, accessName(r.access)]));
    const missing = [...declared.keys()].filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !declared.has(key));
    expect(missing, 'routes without a row in the matrix').toEqual([]);
    expect(stale, 'rows naming a route that no longer exists').toEqual([]);
    for (const [key, rowDef] of Object.entries(matrix)) expect(`${key}: ${declared.get(key)}`).toBe(`${key}: ${rowDef.access}`);
    // The routes with an id have an "other user" cell, the others none.
    for (const [key, rowDef] of Object.entries(matrix)) expect(`${key}: ${rowDef.cells[6] === '-'}`).toBe(`${key}: ${rowDef.target === 'none'}`);
  });

  // GET routes share one world (they change nothing but the audit of a CV download); the
  // others get a fresh world per cell, so a deletion or a logout cannot blur the next cell.
  let readWorld: World | undefined;
  const cases = Object.entries(matrix).flatMap(([key, rowDef]) =>
    columns.flatMap((column, index) => {
      const expected = rowDef.cells[index]!;
      return expected === '-' ? [] : [{ key, rowDef, column, expected }];
    }),
  );

  it.each(cases)('$key as $column → $expected', async ({ key, rowDef, column, expected }) => {
    const [method, template] = key.split(' ') as [string, string];
    const world = method === 'GET' ? (readWorld ??= await buildWorld()) : await buildWorld();
    const { caller, url } = resolve(world, rowDef, column);
    const request = rowDef.body?.(world, caller?.user ?? null) ?? {};
    const mustChangeNothing = expected === 401 || expected === 403 || column === 'other';
    const before = mustChangeNothing ? await stateFingerprint(db, storage) : null;

    const res = await app.inject({
      method: method as 'GET',
      url: url(template),
      headers: { ...request.headers, ...caller?.headers },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });

    expect(res.statusCode, `${method} ${url(template)} as ${column}: ${res.body.slice(0, 300)}`).toBe(expected);
    if (expected === 401) expectErrorBody(res, 'invalid_token');
    if (expected === 403) expectErrorBody(res, 'forbidden');
    if (expected === 302) expect(res.headers.location).toBe('/api/docs/');
    if (expected >= 400) expectErrorBody(res);
    // A refusal leaves no trace: not a row, not a session, not a file.
    if (mustChangeNothing) expect(await stateFingerprint(db, storage)).toBe(before);
  });
});
