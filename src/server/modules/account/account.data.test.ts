import { eq, inArray, or, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { accountMessages, DATA_EXPORT_JSON } from '../../../shared/account';
import { DATA_EXPORT_LIMIT } from '../../../shared/constants';
import { profileMessages } from '../../../shared/profile';
import {
  accountTokens,
  auditLog,
  certificates,
  courses,
  enrolments,
  lessonProgress,
  mailOutbox,
  meetings,
  organisationEnrolments,
  quizAttempts,
  rateLimitCounters,
  savedCourses,
  sessions,
  users,
  type UserRow,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { createTestApp } from '../../test/app';
import { setProviderSettings, authHeader, certificateSnapshot, createOrganisation, createUser, DEFAULT_PASSWORD, enrol, insertCourse, insertLesson, insertMeeting, insertMembership, insertQuiz, insertSection } from '../../test/factories';
import { pdfDocument, pngImage } from '../../test/files';
import { pdfText } from '../../test/pdf';
import { placeFile, readStoredFile } from '../../test/uploads';
import { deletedAccountLabel } from './account-deletion.service';

const { app, db, storage } = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
await setProviderSettings({ db, storage });

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
const admin = await createUser(db, { role: 'admin', firstname: 'Alix', lastname: 'Admin' });

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const exportData = (headers: Headers) => call('GET', '/api/user/data', headers);
const deleteAccount = (headers: Headers, body: object = { currentPassword: DEFAULT_PASSWORD, confirmation: 'SUPPRIMER' }) => call('DELETE', '/api/user/account', headers, body);

/**
 * A learner who did everything there is to do: a CV, an interview, a course completed with its quiz
 * (so an attestation), a saved course, a history in the audit log, a pending e-mail change.
 */
async function busyLearner() {
  const cvBytes = pdfDocument('cv-de-ines');
  const cvPath = await placeFile(storage, cvBytes, 'pdf');
  const user = await createUser(db, {
    role: 'membre',
    firstname: 'Inès',
    lastname: 'Apprenante',
    phoneNumber: '06 12 34 56 78',
    cvPath,
    cvOriginalName: 'CV Inès.pdf',
    cvMimeType: 'application/pdf',
    cvSize: cvBytes.length,
    cvUploadedAt: new Date(),
  });
  const headers = await authHeader(db, user);
  const course = await insertCourse(db, author.id, { title: 'Compostage collectif', objectives: ['Trier ses biodéchets'] });
  const section = await insertSection(db, course.id);
  const text = await insertLesson(db, section.id, { title: 'Le tri à la source' });
  const quiz = await insertQuiz(db, section.id, { title: 'Quiz du compost', passMark: 50 });
  await enrol(db, user.id, course.id);
  expect((await call('POST', `/api/lessons/${text.id}/complete`, headers)).statusCode).toBe(200);
  const attempt = await call('POST', `/api/lessons/${quiz.lesson.id}/quiz/attempts`, headers, { answers: [{ question_id: quiz.questions[0]!.id, option_ids: [1] }] });
  expect(attempt.statusCode, attempt.body).toBe(201);
  const saved = await insertCourse(db, author.id, { title: 'Sobriété numérique' });
  await db.insert(savedCourses).values({ userId: user.id, courseId: saved.id });
  await insertMeeting(db, user.id, { createdById: admin.id });
  await recordAudit(db, { actor: admin, target: user, action: 'reject', details: { reason: 'Inès manque d’expérience.' } });
  await recordAudit(db, { actor: admin, target: user, action: 'cv_download', details: { file: 'CV Inès.pdf' } });
  const newEmail = `ines-nouvelle-${user.id}@exemple.fr`;
  expect((await call('POST', '/api/user/email/change', headers, { email: newEmail, currentPassword: DEFAULT_PASSWORD })).statusCode).toBe(202);
  const [certificate] = await db.select().from(certificates).where(eq(certificates.userId, user.id));
  expect(certificate, 'the completion issued an attestation').toBeDefined();
  return { user, headers, cvBytes, course, certificate: certificate!, newEmail };
}

function openZip(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  const names = Object.keys(entries).sort();
  const json = JSON.parse(Buffer.from(entries[DATA_EXPORT_JSON]!).toString('utf8'));
  return { entries, names, json };
}

describe('GET /api/user/data: my data as a ZIP', () => {
  it('holds a JSON of everything about me and my files, and nothing of anyone else', async () => {
    const { user, headers, cvBytes, certificate, newEmail } = await busyLearner();
    const other = await createUser(db, { firstname: 'Témoin', email: `temoin-${user.id}@exemple.fr` });
    await recordAudit(db, { actor: admin, target: other, action: 'approve' });

    const res = await exportData(headers);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ecoforma-mes-donnees-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers['cache-control']).toBe('no-store');

    const { entries, names, json } = openZip(res.rawPayload);
    expect(names).toEqual(['LISEZMOI.txt', `attestations/attestation-${certificate.number}.pdf`, 'fichiers/cv/CV Inès.pdf', DATA_EXPORT_JSON]);
    expect(Buffer.from(entries['fichiers/cv/CV Inès.pdf']!).equals(cvBytes)).toBe(true);
    expect(Buffer.from(entries['LISEZMOI.txt']!).toString('utf8')).toContain('Vos données EcoForma');

    // The account, then each module's sections in the modules' declared order, then the files.
    expect(Object.keys(json)).toEqual([
      'format',
      'generated_at',
      'account',
      'notifications',
      'email_preferences',
      'emails',
      'invoices',
      'certificates',
      'enrolments',
      'satisfaction_answers',
      'meetings',
      'lesson_progress',
      'quiz_attempts',
      'organisation',
      'organisation_memberships',
      'organisation_enrolments',
      'sessions',
      'pending_links',
      'saved_courses',
      'authored_courses',
      'live_sessions',
      'live_signatures',
      'attendance',
      'training_contracts',
      'quotes',
      'discussion_threads',
      'discussion_replies',
      'discussion_follows',
      'audit_log',
      'complaints',
      'cold_survey_answers',
      'directory_entry',
      'opportunities',
      'applications',
      'opportunity_digest',
      'conversations',
      'messages',
      'blocks',
      'reports',
      'moderation_decisions',
      'files',
    ]);
    expect(json.account).toMatchObject({ id: user.id, email: user.email, firstname: 'Inès', lastname: 'Apprenante', phone_number: '06 12 34 56 78', birthdate: '1990-05-17' });
    expect(json.account.cv).toMatchObject({ original_name: 'CV Inès.pdf', size: cvBytes.length });
    expect(JSON.stringify(json)).not.toContain(user.passwordHash);
    expect(json.sessions.length).toBeGreaterThanOrEqual(1);
    expect(json.pending_links).toEqual([expect.objectContaining({ purpose: 'email_change', new_email: newEmail })]);
    expect(json.meetings).toHaveLength(1);
    // The room's address is only ever shown while the room is open.
    expect(JSON.stringify(json.meetings)).not.toContain('https://');
    expect(json.enrolments).toEqual([expect.objectContaining({ course_title: 'Compostage collectif', completed_at: expect.any(String) })]);
    expect(json.saved_courses).toEqual([expect.objectContaining({ course_title: 'Sobriété numérique' })]);
    expect(json.lesson_progress.map((p: { lesson_title: string }) => p.lesson_title).sort()).toEqual(['Le tri à la source', 'Quiz du compost']);
    expect(json.quiz_attempts).toEqual([expect.objectContaining({ quiz_title: 'Quiz du compost', number: 1, score: 100, passed: true })]);
    expect(json.certificates).toEqual([expect.objectContaining({ number: expect.stringMatching(/^EF-/), content: expect.objectContaining({ learner_name: 'Inès Apprenante' }) })]);
    expect(json.audit_log.map((a: { label: string }) => a.label)).toEqual(['Candidature rejetée', 'CV téléchargé']);
    // The attestation's notification, then the notice of the e-mail change.
    expect(json.emails.map((m: { template: string }) => m.template)).toEqual(['notification', 'email-change-notice']);
    expect(json.notifications).toEqual([expect.objectContaining({ kind: 'certificate_issued', read_at: null })]);
    expect(json.email_preferences).toEqual([]);
    expect(json.organisation).toBeNull();
    expect(json.organisation_memberships).toEqual([]);
    expect(json.files).toEqual([{ path: 'fichiers/cv/CV Inès.pdf', description: 'CV', included: true }]);
    expect(JSON.stringify(json)).not.toContain(other.email);
  });

  it("carries each valid attestation's PDF, as the download renders it, and not a revoked one", async () => {
    const { headers, certificate } = await busyLearner();
    const first = openZip((await exportData(headers)).rawPayload);
    const path = `attestations/attestation-${certificate.number}.pdf`;
    expect(first.names).toContain(path);
    const pdf = Buffer.from(first.entries[path]!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Inès Apprenante');
    expect(text).toContain('Compostage collectif');
    expect(text).toContain(certificate.number);
    expect(Buffer.from(first.entries['LISEZMOI.txt']!).toString('utf8')).toContain('attestations/');

    // Revoked: no PDF any more (the download answers 410), only its record in the JSON.
    await db.update(certificates).set({ revokedAt: new Date(), revokedReason: 'Erreur de saisie', revokedById: admin.id }).where(eq(certificates.id, certificate.id));
    const after = openZip((await exportData(headers)).rawPayload);
    expect(after.names.filter((name) => name.startsWith('attestations/'))).toEqual([]);
    expect(after.json.certificates).toEqual([expect.objectContaining({ number: certificate.number, revoked_reason: 'Erreur de saisie' })]);
  });

  it("leaves out the PDF of an attestation of a course its holder wrote, as the download does (issue 25)", async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Noé', lastname: 'Formateur' });
    const own = await insertCourse(db, trainer.id, { title: 'Mon propre cours' });
    const other = await insertCourse(db, author.id, { title: 'Le cours de Claire' });
    // Issued before issue 25, one for a course the trainer wrote: it attests nothing.
    await db.insert(certificates).values([
      { userId: trainer.id, courseId: own.id, number: `EF-2025-${String(trainer.id).padStart(6, '0')}`, code: `propre${trainer.id}`.padEnd(22, 'A'), snapshot: certificateSnapshot({ course_title: 'Mon propre cours' }) },
      { userId: trainer.id, courseId: other.id, number: `EF-2025-${String(trainer.id + 500000).padStart(6, '0')}`, code: `autre${trainer.id}`.padEnd(22, 'B'), snapshot: certificateSnapshot({ course_title: 'Le cours de Claire' }) },
    ]);
    const { names, json } = openZip((await exportData(await authHeader(db, trainer))).rawPayload);
    expect(names.filter((name) => name.startsWith('attestations/'))).toEqual([`attestations/attestation-EF-2025-${String(trainer.id + 500000).padStart(6, '0')}.pdf`]);
    expect(json.certificates).toHaveLength(2);
  });

  it('carries an author’s course files, and says when a stored file is missing', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const image = pngImage(3, 3);
    const course = await insertCourse(db, trainer.id, {
      title: 'Mon cours',
      status: 'draft',
      imagePath: await placeFile(storage, image, 'png'),
      imageMimeType: 'image/png',
      attachmentPath: 'absent0000000000000000000000000.pdf',
      attachmentOriginalName: 'programme.pdf',
    });
    const { entries, names, json } = openZip((await exportData(await authHeader(db, trainer))).rawPayload);
    expect(names).toContain(`fichiers/cours/${course.id}/image.png`);
    expect(Buffer.from(entries[`fichiers/cours/${course.id}/image.png`]!).equals(image)).toBe(true);
    expect(json.authored_courses).toEqual([expect.objectContaining({ id: course.id, title: 'Mon cours', status: 'draft' })]);
    expect(json.files).toContainEqual(expect.objectContaining({ path: `fichiers/cours/${course.id}/programme.pdf`, included: false }));
  });

  it('holds an organisation’s details, and a member’s memberships (not the other members)', async () => {
    const organisation = await createOrganisation(db, { name: 'Asso des Lilas' });
    const member = await createUser(db);
    const neighbour = await createUser(db);
    await insertMembership(db, organisation.id, member);
    await insertMembership(db, organisation.id, neighbour);

    const own = openZip((await exportData(await authHeader(db, organisation))).rawPayload).json;
    expect(own.organisation).toMatchObject({ name: 'Asso des Lilas', siret: expect.stringMatching(/^\d{14}$/), city: 'Lyon' });
    expect(own.organisation_memberships).toEqual([]);

    const trainer = await createUser(db, { role: 'formateur' });
    const course = await insertCourse(db, trainer.id, { title: 'Compostage collectif', status: 'published' });
    await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: member.id, courseId: course.id });
    const mine = openZip((await exportData(await authHeader(db, member))).rawPayload).json;
    expect(mine.organisation).toBeNull();
    expect(mine.organisation_enrolments).toEqual([{ organisation: 'Asso des Lilas', course_id: course.id, course_title: 'Compostage collectif', enrolled_at: expect.any(String) }]);
    expect(mine.organisation_memberships).toEqual([expect.objectContaining({ organisation: 'Asso des Lilas', status: 'active', joined_at: expect.any(String) })]);
    expect(JSON.stringify(mine)).not.toContain(neighbour.email);
  });

  it(`needs a session, and allows ${DATA_EXPORT_LIMIT} exports an hour`, async () => {
    expect((await exportData({})).statusCode).toBe(401);
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    for (let i = 0; i < DATA_EXPORT_LIMIT; i++) expect((await exportData(headers)).statusCode).toBe(200);
    expect((await exportData(headers)).statusCode).toBe(429);
  });
});

/** Every row that still names the deleted account, its e-mail or its person, in the tables decision 021 names. */
async function traces(user: UserRow, emails: string[]) {
  const byUser = async (table: typeof sessions | typeof enrolments | typeof lessonProgress | typeof quizAttempts | typeof meetings | typeof savedCourses | typeof accountTokens) =>
    (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table).where(eq(table.userId, user.id)))[0]!.n;
  const text = (value: unknown) => JSON.stringify(value);
  const auditLines = await db.select().from(auditLog).where(or(sql`${auditLog.targetLabel} like ${`%${deletedAccountLabel(user.id)}%`}`, eq(auditLog.targetId, user.id)));
  return {
    users: (await db.select().from(users).where(or(eq(users.id, user.id), inArray(users.email, emails)))).length,
    sessions: await byUser(sessions),
    enrolments: await byUser(enrolments),
    lessonProgress: await byUser(lessonProgress),
    quizAttempts: await byUser(quizAttempts),
    meetings: await byUser(meetings),
    savedCourses: await byUser(savedCourses),
    accountTokens: await byUser(accountTokens),
    mailOutbox: (await db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, emails))).length,
    rateLimitCounters: (await db.select().from(rateLimitCounters).where(sql`${rateLimitCounters.key} like ${`%${user.email}`} or ${rateLimitCounters.key} like ${`%:user:${user.id}`}`)).length,
    certificatesLinked: (await db.select().from(certificates).where(eq(certificates.userId, user.id))).length,
    auditNamesPerson: auditLines.filter((a) => [user.email, user.lastname, 'Inès manque', 'CV Inès'].some((s) => text(a).includes(s))).length,
  };
}

describe('DELETE /api/user/account', () => {
  it('erases the account and its data at once, keeps the evidence without the person, and the attestation still verifies', async () => {
    const { user, headers, course, certificate, newEmail } = await busyLearner();
    const otherSession = await authHeader(db, user);
    // A failed login leaves a counter keyed by the address.
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Mauvais-passe1' } });

    const res = await deleteAccount(headers);
    expect(res.statusCode, res.body).toBe(204);

    // Every session ended at once.
    expect((await call('GET', '/api/user/profile', headers)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/profile', otherSession)).statusCode).toBe(401);

    expect(await traces(user, [user.email, newEmail])).toEqual({
      users: 0,
      sessions: 0,
      enrolments: 0,
      lessonProgress: 0,
      quizAttempts: 0,
      meetings: 0,
      savedCourses: 0,
      accountTokens: 0,
      mailOutbox: 0,
      rateLimitCounters: 0,
      certificatesLinked: 0,
      auditNamesPerson: 0,
    });
    // A login attempt now counts on a fresh counter, as for any unknown address.
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: DEFAULT_PASSWORD } })).statusCode).toBe(401);
    // The CV is gone from the storage.
    expect(await readStoredFile(storage, user.cvPath!)).toBeNull();

    // The audit log keeps what was done and when, under the account's number only.
    const lines = await db.select().from(auditLog).where(eq(auditLog.targetLabel, deletedAccountLabel(user.id)));
    expect(lines.map((l) => [l.action, l.targetId, l.details]).sort()).toEqual([
      ['cv_download', null, null],
      ['reject', null, null],
      ['self_delete', null, { role: 'membre' }],
    ]);

    // The attestation keeps its snapshot (the printed name and results) and still verifies.
    const [kept] = await db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(kept!.snapshot.learner_name).toBe('Inès Apprenante');
    expect(kept!.snapshot.quizzes).toEqual([expect.objectContaining({ title: 'Quiz du compost', score: 100 })]);
    const verified = await app.inject({ method: 'GET', url: `/api/certificates/${certificate.code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ valid: true, learner_name: 'Inès Apprenante', course_title: 'Compostage collectif' });

    // The course and its other learners are untouched; the address is free for a new account.
    expect(await db.select({ id: courses.id }).from(courses).where(eq(courses.id, course.id))).toHaveLength(1);
    const again = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { firstname: 'Inès', lastname: 'Revenue', email: user.email, password: DEFAULT_PASSWORD, gender: 'female', birthdate: '1990-05-17', role: 'membre' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses a wrong password or a missing confirmation (422, French messages) and deletes nothing', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const wrong = await deleteAccount(headers, { currentPassword: 'Mauvais-passe1', confirmation: 'SUPPRIMER' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ currentPassword: [profileMessages.currentPasswordWrong] });
    const unconfirmed = await deleteAccount(headers, { currentPassword: DEFAULT_PASSWORD, confirmation: 'oui' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual({ confirmation: [accountMessages.confirmationRequired] });
    expect((await deleteAccount(headers, { currentPassword: DEFAULT_PASSWORD })).json().errors.confirmation).toEqual([accountMessages.confirmationRequired]);
    expect((await call('GET', '/api/user/profile', headers)).statusCode).toBe(200);
  });

  it('accepts the word typed in lower case with spaces around it', async () => {
    const user = await createUser(db);
    expect((await deleteAccount(await authHeader(db, user), { currentPassword: DEFAULT_PASSWORD, confirmation: ' supprimer ' })).statusCode).toBe(204);
  });

  it('refuses an administrator (403, another administrator deletes the account)', async () => {
    const other = await createUser(db, { role: 'admin' });
    const res = await deleteAccount(await authHeader(db, other));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'forbidden', message: accountMessages.adminCannotDelete });
    expect(await db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
  });

  it('refuses an author whose course is published, or followed by a learner even unpublished (409)', async () => {
    for (const status of ['published', 'unpublished'] as const) {
      const trainer = await createUser(db, { role: 'formateur', isValid: true });
      const course = await insertCourse(db, trainer.id, { status });
      if (status === 'unpublished') await enrol(db, (await createUser(db)).id, course.id);
      const res = await deleteAccount(await authHeader(db, trainer));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error_code: 'invalid_transition', message: accountMessages.authorOfLiveCourses });
      expect(await db.select().from(courses).where(eq(courses.id, course.id))).toHaveLength(1);
    }
  });

  it('deletes an author’s unpublished, unfollowed courses with the account, and their files', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const imagePath = await placeFile(storage, pngImage(2, 2), 'png');
    const filePath = await placeFile(storage, pdfDocument(), 'pdf');
    const draft = await insertCourse(db, trainer.id, { status: 'draft', imagePath, imageMimeType: 'image/png' });
    const section = await insertSection(db, draft.id);
    await insertLesson(db, section.id, { type: 'pdf', bodyMarkdown: null, filePath, fileOriginalName: 'fiche.pdf', fileMimeType: 'application/pdf' });
    expect((await deleteAccount(await authHeader(db, trainer))).statusCode).toBe(204);
    expect(await db.select().from(courses).where(eq(courses.id, draft.id))).toEqual([]);
    expect(await readStoredFile(storage, imagePath)).toBeNull();
    expect(await readStoredFile(storage, filePath)).toBeNull();
  });

  it('needs a session (401) and acts only on the caller’s own account', async () => {
    expect((await deleteAccount({})).statusCode).toBe(401);
    const bystander = await createUser(db);
    const caller = await createUser(db);
    expect((await deleteAccount(await authHeader(db, caller), { currentPassword: DEFAULT_PASSWORD, confirmation: 'SUPPRIMER', id: bystander.id } as object)).statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, bystander.id))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, caller.id))).toEqual([]);
  });
});
