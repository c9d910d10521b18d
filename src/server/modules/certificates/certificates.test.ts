import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownCourseMessages } from '../../../shared/courses';
import { certificateMessages, type AdminCertificate, type AdminCertificatesResponse, type CertificateVerification } from '../../../shared/certificates';
import { formatDay } from '../../../shared/french-format';
import type { MyLearning } from '../../../shared/learning';
import { auditLog, certificates, courses, mailOutbox, notifications, organisationEnrolments, providerSettings, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { setProviderSettings, authHeader, createOrganisation, createUser, enrol, insertCourse, insertLesson, insertMembership, insertQuiz, insertSection } from '../../test/factories';
import { pdfText } from '../../test/pdf';
import { providerMessages } from '../../../shared/provider';

const PUBLIC_URL = 'https://formation.exemple.fr';
const { app, db, storage } = await createTestApp({ publicUrl: PUBLIC_URL });
await setProviderSettings({ db, storage });

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
const admin = await createUser(db, { role: 'admin' });
const OBJECTIVE = 'Trier ses biodéchets';

type Caller = { id: number } | null;
async function call(method: 'GET' | 'POST', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** A course with a 20-minute text lesson and a 5-minute quiz of two questions (one tied to an objective). */
async function course(title = 'Compostage collectif') {
  const row = await insertCourse(db, author.id, { title, objectives: [OBJECTIVE, 'Entretenir un composteur'] });
  const section = await insertSection(db, row.id);
  const text = await insertLesson(db, section.id, { durationMinutes: 20 });
  const quiz = await insertQuiz(db, section.id, {
    title: 'Quiz du compost',
    passMark: 50,
    questions: [
      { prompt: 'Les épluchures vont au compost.', options: [{ id: 1, text: 'Vrai', correct: true }, { id: 2, text: 'Faux', correct: false }], objective: OBJECTIVE },
      { prompt: 'Le verre va au compost.', options: [{ id: 1, text: 'Vrai', correct: false }, { id: 2, text: 'Faux', correct: true }] },
    ],
  });
  return { course: row, text, quiz };
}

type Course = Awaited<ReturnType<typeof course>>;

async function learner(c: Course, names: { firstname?: string; lastname?: string } = {}) {
  const user = await createUser(db, { role: 'membre', firstname: names.firstname ?? 'Inès', lastname: names.lastname ?? 'Apprenante' });
  await enrol(db, user.id, c.course.id);
  return user;
}

/** Answers the quiz: `right` questions correctly out of two, in order. */
async function attempt(c: Course, user: Caller, right: 0 | 1 | 2) {
  const [q1, q2] = c.quiz.questions;
  const answers = [
    { question_id: q1!.id, option_ids: [right >= 1 ? 1 : 2] },
    { question_id: q2!.id, option_ids: [right >= 2 ? 2 : 1] },
  ];
  const res = await call('POST', `/api/lessons/${c.quiz.lesson.id}/quiz/attempts`, user, { answers });
  expect(res.statusCode, res.body).toBe(201);
}

/** Completes the whole course: the text lesson, then the quiz with full marks. */
async function complete(c: Course, user: Caller) {
  expect((await call('POST', `/api/lessons/${c.text.id}/complete`, user)).statusCode).toBe(200);
  await attempt(c, user, 2);
  return certificateOf(user!.id, c.course.id);
}

async function certificateOf(userId: number, courseId: number) {
  const rows = await db.select().from(certificates).where(eq(certificates.userId, userId));
  return rows.find((r) => r.courseId === courseId);
}

describe('issuance at completion', () => {
  it('issues nothing before the course is complete, then one attestation with the snapshot of everything printed', async () => {
    const c = await course();
    const user = await learner(c);
    await call('POST', `/api/lessons/${c.text.id}/complete`, user);
    // A failed attempt (0 %) does not complete the quiz.
    await attempt(c, user, 0);
    expect(await certificateOf(user.id, c.course.id)).toBeUndefined();
    expect(((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]!.certificate).toBeNull();

    // Passed with 1 of 2 (50 %), then 2 of 2: the best score counts.
    await attempt(c, user, 1);
    const cert = await certificateOf(user.id, c.course.id);
    expect(cert).toBeDefined();
    await attempt(c, user, 2);
    expect(cert!.number).toMatch(new RegExp(`^EF-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(cert!.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(cert!.code, 'base64url')).toHaveLength(16);
    const s = cert!.snapshot;
    expect(s).toMatchObject({
      learner_name: 'Inès Apprenante',
      course_title: 'Compostage collectif',
      objectives: [OBJECTIVE, 'Entretenir un composteur'],
      duration_minutes: 25,
      trainer_name: 'Claire Formatrice',
      // The attempt that passed was the best when the course was completed.
      quizzes: [{ title: 'Quiz du compost', score: 50, pass_mark: 50 }],
      objective_results: [{ objective: OBJECTIVE, correct: 1, total: 1, percent: 100 }],
    });
    expect(new Date(s.completed_at).getTime()).toBeGreaterThanOrEqual(new Date(s.enrolled_at).getTime());

    // Still one attestation after more attempts; "Mes formations" links to it.
    expect(await db.select().from(certificates).where(eq(certificates.userId, user.id))).toHaveLength(1);
    const item = ((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]!;
    expect(item.certificate).toEqual({ id: cert!.id, number: cert!.number, code: cert!.code, revoked: null });
  });

  it('never certifies the course’s author, enrolled before issue 25, and refuses them an old attestation (403 own_course)', async () => {
    const c = await course();
    await enrol(db, author.id, c.course.id);
    const user = await learner(c);
    expect(await complete(c, author)).toBeUndefined();
    expect(await complete(c, user)).toBeDefined();

    const [old] = await db
      .insert(certificates)
      .values({ userId: author.id, courseId: c.course.id, number: 'EF-2025-999999', code: 'auteurBBBBBBBBBBBBBBBB', snapshot: (await certificateOf(user.id, c.course.id))!.snapshot })
      .returning();
    const res = await call('GET', `/api/certificates/${old!.id}/pdf`, author);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'own_course', message: ownCourseMessages.certificate });
    const mine = (await certificateOf(user.id, c.course.id))!;
    expect((await call('GET', `/api/certificates/${mine.id}/pdf`, user)).statusCode).toBe(200);
  });

  it('gives each attestation its own number and code', async () => {
    const c = await course();
    const [a, b] = [await learner(c), await learner(c)];
    const [ca, cb] = [await complete(c, a), await complete(c, b)];
    expect(ca!.number).not.toBe(cb!.number);
    expect(ca!.code).not.toBe(cb!.code);
  });
});

describe('verification and snapshot', () => {
  it('answers a valid code with only the name, the course and the date, unchanged by later edits', async () => {
    const c = await course('Énergie au bureau');
    const user = await learner(c, { firstname: 'Léa', lastname: 'Durand' });
    const cert = (await complete(c, user))!;
    await db.update(courses).set({ title: 'Titre changé', objectives: ['Autre objectif'] }).where(eq(courses.id, c.course.id));
    await db.update(users).set({ firstname: 'Autre', lastname: 'Nom' }).where(eq(users.id, user.id));

    const res = await call('GET', `/api/certificates/${cert.code}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, learner_name: 'Léa Durand', course_title: 'Énergie au bureau', issued_at: cert.issuedAt.toISOString() } satisfies CertificateVerification);

    const text = pdfText((await call('GET', `/api/certificates/${cert.id}/pdf`, user)).rawPayload);
    expect(text).toContain('Léa Durand');
    expect(text).toContain('Énergie au bureau');
    expect(text).toContain(OBJECTIVE);
    expect(text).not.toContain('Titre changé');
    expect(text).not.toContain('Autre objectif');
  });

  it('answers 404 to an unknown or malformed code', async () => {
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'court', 'x'.repeat(60), '%27%20or%201%3D1']) {
      const res = await call('GET', `/api/certificates/${code}`, null);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({ error_code: 'not_found', message: certificateMessages.notFound });
    }
  });
});

describe('the PDF', () => {
  it('is an attachment holding every field of the attestation and the verification address', async () => {
    const c = await course('Mobilité douce');
    const user = await learner(c, { firstname: 'Noé', lastname: 'Martin' });
    const cert = (await complete(c, user))!;
    const res = await call('GET', `/api/certificates/${cert.id}/pdf`, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attestation-${cert.number}.pdf`);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Lines wrapped by the layout are read as one text.
    const text = pdfText(res.rawPayload).replace(/\s*\n\s*/g, ' ');
    for (const expected of [
      'EcoForma Démonstration SAS',
      'SIRET 90123456700013',
      'Déclaration d’activité enregistrée sous le numéro 11755555575 auprès du préfet de région. Cet enregistrement ne vaut pas agrément de l’État.',
      'Pour EcoForma Démonstration SAS, Camille Durand, représentant légal',
      'Attestation de fin de formation',
      'action de formation',
      'Noé Martin',
      'Mobilité douce',
      cert.number,
      OBJECTIVE,
      'Entretenir un composteur',
      '25 min',
      'Claire Formatrice',
      'Quiz du compost\u00a0: 100 %',
      `${OBJECTIVE}\u00a0: 1 / 1`,
      `${PUBLIC_URL}/certificats/${cert.code}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('is refused (409) while the provider’s settings a document needs are missing, naming them', async () => {
    const c = await course();
    const owner = await learner(c);
    const cert = (await complete(c, owner))!;
    await db.update(providerSettings).set({ nda: null, signaturePath: null });
    try {
      const res = await call('GET', `/api/certificates/${cert.id}/pdf`, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'provider_settings_missing', message: providerMessages.incomplete(['nda', 'signature']) });
    } finally {
      await setProviderSettings({ db, storage });
    }
    expect((await call('GET', `/api/certificates/${cert.id}/pdf`, owner)).statusCode).toBe(200);
  });

  it('is downloaded by its owner and administrators only', async () => {
    const c = await course();
    const owner = await learner(c);
    const other = await learner(c);
    const cert = (await complete(c, owner))!;
    expect((await call('GET', `/api/certificates/${cert.id}/pdf`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/certificates/${cert.id}/pdf`, null)).statusCode).toBe(401);
    for (const caller of [other, author]) {
      const res = await call('GET', `/api/certificates/${cert.id}/pdf`, caller);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: certificateMessages.notYours });
    }
    expect((await call('GET', '/api/certificates/abc/pdf', owner)).statusCode).toBe(422);
  });
});

describe('revocation', () => {
  it('is for administrators, needs a reason, shows on the public answer and is recorded', async () => {
    const c = await course();
    const user = await learner(c);
    const cert = (await complete(c, user))!;
    const url = `/api/admin/certificates/${cert.id}/revoke`;
    expect((await call('POST', url, user, { reason: 'Fraude' })).statusCode).toBe(403);
    expect((await call('POST', url, author, { reason: 'Fraude' })).statusCode).toBe(403);
    expect((await call('POST', url, null, { reason: 'Fraude' })).statusCode).toBe(401);
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await call('POST', url, admin, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errors: { reason: [certificateMessages.reasonRequired] } });
    }
    expect((await call('GET', `/api/certificates/${cert.code}`, null)).json()).toMatchObject({ valid: true });

    const res = await call('POST', url, admin, { reason: 'Quiz passé par une autre personne.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: cert.id, revoked_reason: 'Quiz passé par une autre personne.' } satisfies Partial<AdminCertificate>);
    const verified = (await call('GET', `/api/certificates/${cert.code}`, null)).json() as CertificateVerification;
    expect(verified.valid).toBe(false);
    expect(verified.revoked).toEqual({ at: expect.any(String), reason: 'Quiz passé par une autre personne.' });

    // No longer handed out as a clean PDF, to its holder nor to administrators (audit, issue 25).
    for (const caller of [user, admin]) {
      const pdf = await call('GET', `/api/certificates/${cert.id}/pdf`, caller);
      expect(pdf.statusCode).toBe(410);
      expect(pdf.json()).toMatchObject({ error_code: 'certificate_revoked', message: certificateMessages.revokedNoPdf(formatDay(verified.revoked!.at), 'Quiz passé par une autre personne.') });
    }

    const again = await call('POST', url, admin, { reason: 'Encore' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'already_revoked', message: certificateMessages.alreadyRevoked });
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((a) => a.action)).toEqual(['certificate_revoke']);
    expect(audit[0]!.details).toMatchObject({ number: cert.number, reason: 'Quiz passé par une autre personne.' });
  });

  it('tells its holder (bell and mail), the consenting organisation that enrolled them, and shows it in « Mes formations » (issue 25)', async () => {
    const c = await course('Eau potable');
    const user = await learner(c, { firstname: 'Rémi', lastname: 'Révoqué' });
    const cert = (await complete(c, user))!;
    const [consenting, left, unrelated] = [await createOrganisation(db), await createOrganisation(db), await createOrganisation(db)];
    await insertMembership(db, consenting.id, user);
    await insertMembership(db, left.id, user, { status: 'left' });
    await insertMembership(db, unrelated.id, user);
    await db.insert(organisationEnrolments).values([consenting, left].map((o) => ({ organisationId: o.id, userId: user.id, courseId: c.course.id })));

    expect((await call('POST', `/api/admin/certificates/${cert.id}/revoke`, admin, { reason: 'Quiz passé par une autre personne.' })).statusCode).toBe(200);
    const [revoked] = await db.select().from(certificates).where(eq(certificates.id, cert.id));
    const day = formatDay(revoked!.revokedAt);

    const bells = async (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(await bells(user.id)).toContainEqual(
      expect.objectContaining({
        kind: 'certificate_revoked',
        title: 'Votre attestation est révoquée\u00a0: Eau potable',
        body: `Votre attestation de fin de formation n° ${cert.number} pour «\u00a0Eau potable\u00a0» a été révoquée le ${day}. Motif\u00a0: Quiz passé par une autre personne.`,
      }),
    );
    expect(await bells(consenting.id)).toEqual([
      expect.objectContaining({ kind: 'organisation_certificate_revoked', title: 'Attestation révoquée\u00a0: Rémi Révoqué' }),
    ]);
    expect(await bells(left.id)).toEqual([]);
    expect(await bells(unrelated.id)).toEqual([]);
    const mails = await db.select().from(mailOutbox);
    expect(mails.filter((m) => m.recipient === user.email).map((m) => (m.data as { subject: string }).subject)).toContain('Votre attestation est révoquée\u00a0: Eau potable');
    expect(mails.filter((m) => m.recipient === consenting.email)).toHaveLength(1);

    // The organisation's dashboard says « révoquée » from this field, where it showed « — ».
    const board = (await call('GET', '/api/organisation/dashboard', consenting)).json() as { items: Array<{ certificate: unknown; certificate_revoked_at: string | null }> };
    expect(board.items).toEqual([expect.objectContaining({ certificate: null, certificate_revoked_at: revoked!.revokedAt!.toISOString() })]);

    const item = ((await call('GET', '/api/user/learning', user)).json() as MyLearning).items.find((i) => i.course_id === c.course.id)!;
    expect(item.certificate).toEqual({ id: cert.id, number: cert.number, code: cert.code, revoked: { at: revoked!.revokedAt!.toISOString(), reason: 'Quiz passé par une autre personne.' } });
  });

  it('lets administrators find an attestation by number, name or course', async () => {
    const c = await course('Sobriété numérique');
    const user = await learner(c, { firstname: 'Zoé', lastname: 'Introuvable' });
    const cert = (await complete(c, user))!;
    for (const q of [cert.number, 'introuvable', 'sobriété num']) {
      const list = (await call('GET', `/api/admin/certificates?q=${encodeURIComponent(q)}`, admin)).json() as AdminCertificatesResponse;
      expect(list.certificates.map((x) => x.id), q).toEqual([cert.id]);
      expect(list.total).toBe(1);
    }
    expect((await call('GET', '/api/admin/certificates', user)).statusCode).toBe(403);
  });
});
