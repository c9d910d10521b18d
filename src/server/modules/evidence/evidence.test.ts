import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { periodMessages } from '../../../shared/periods';
import { enrolments, evidenceArchives, providerSettings } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD, enrol, insertCourse, insertLesson, insertQuiz, insertSatisfactionAnswer, insertSection, setProviderSettings } from '../../test/factories';
import { pdfText } from '../../test/pdf';
import { evidenceKeptUntil, purgeExpiredEvidence } from './evidence.service';

const { app, db, storage } = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
await setProviderSettings({ db, storage });
const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
const admin = await createUser(db, { role: 'admin' });

type Caller = { id: number } | null;
const get = async (url: string, user: Caller) => app.inject({ method: 'GET', url, headers: user ? await authHeader(db, user) : {} });

/** A learner who completed a course with its quiz (so an attestation) and rated it. */
async function completedEnrolment(lastname: string) {
  const user = await createUser(db, { firstname: 'Inès', lastname });
  const headers = await authHeader(db, user);
  const course = await insertCourse(db, author.id, { title: `Compostage ${lastname}`, objectives: ['Trier ses biodéchets'] });
  const section = await insertSection(db, course.id, { title: 'Les bases' });
  const text = await insertLesson(db, section.id, { title: 'Le tri à la source', durationMinutes: 20 });
  const quiz = await insertQuiz(db, section.id, { title: 'Quiz du compost', passMark: 50 });
  await enrol(db, user.id, course.id);
  expect((await app.inject({ method: 'POST', url: `/api/lessons/${text.id}/complete`, headers })).statusCode).toBe(200);
  const attempt = await app.inject({ method: 'POST', url: `/api/lessons/${quiz.lesson.id}/quiz/attempts`, headers, payload: { answers: [{ question_id: quiz.questions[0]!.id, option_ids: [1] }] } });
  expect(attempt.statusCode, attempt.body).toBe(201);
  await insertSatisfactionAnswer(db, user.id, course.id, { rating: 5, comment: 'Très concret.' });
  const [row] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, course.id)));
  return { user, headers, course, enrolmentId: row!.id };
}

const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('an enrolment’s evidence file', () => {
  it('holds the programme, the evaluations, the attestation and the satisfaction answer, each non-empty and readable', async () => {
    const { user, enrolmentId } = await completedEnrolment('Preuve');
    const res = await get(`/api/enrolments/${enrolmentId}/evidence.zip`, user);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`preuves-inscription-${enrolmentId}.zip`);
    const files = unzip(res.rawPayload);
    const names = Object.keys(files).sort();
    expect(names).toEqual(expect.arrayContaining(['LISEZMOI.txt', 'programme.pdf', 'evaluations.csv', 'satisfaction.csv', 'presence.csv', 'certificat-de-realisation.pdf', 'relances.csv', 'enquete-a-froid.csv']));
    expect(pdfText(Buffer.from(files['certificat-de-realisation.pdf']!))).toContain('Certificat de réalisation');
    expect(text(files['presence.csv'])).toContain('Le tri à la source');
    expect(names.some((n) => /^attestation-EF-\d{4}-\d{6}\.pdf$/.test(n))).toBe(true);
    for (const name of names) expect(files[name]!.length, name).toBeGreaterThan(0);
    const programme = pdfText(Buffer.from(files['programme.pdf']!)).replace(/\s*\n\s*/g, ' ');
    expect(programme).toContain('Programme de formation');
    expect(programme).toContain('Compostage Preuve');
    expect(programme).toContain('Le tri à la source (20 min)');
    expect(programme).toContain('Trier ses biodéchets');
    expect(text(files['evaluations.csv'])).toContain('Quiz du compost;1;');
    expect(text(files['satisfaction.csv'])).toContain('Très concret.');
    const attestation = names.find((n) => n.startsWith('attestation-'))!;
    expect(pdfText(Buffer.from(files[attestation]!))).toContain('Inès Preuve');
  });

  it('is for its learner and administrators; anyone else gets the 404 of a missing one', async () => {
    const { user, enrolmentId } = await completedEnrolment('Acces');
    const stranger = await createUser(db);
    expect((await get(`/api/enrolments/${enrolmentId}/evidence.zip`, null)).statusCode).toBe(401);
    for (const caller of [stranger, author]) {
      const res = await get(`/api/enrolments/${enrolmentId}/evidence.zip`, caller);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Inscription introuvable.' });
    }
    expect((await get(`/api/enrolments/${enrolmentId}/evidence.zip`, admin)).statusCode).toBe(200);
    expect((await get(`/api/enrolments/${enrolmentId}/evidence.zip`, user)).statusCode).toBe(200);
  });

  it('refuses a period that ends before it starts or a day that does not exist', async () => {
    const { user, enrolmentId } = await completedEnrolment('Periode');
    const reversed = await get(`/api/enrolments/${enrolmentId}/evidence.zip?from=2026-05-02&to=2026-05-01`, user);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({ errors: { to: [periodMessages.periodInvalid] } });
    const impossible = await get(`/api/enrolments/${enrolmentId}/evidence.zip?from=2026-02-30`, user);
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json()).toMatchObject({ errors: { from: [periodMessages.dateInvalid] } });
    // A period without the quiz leaves its rows out, never the file.
    const before = await get(`/api/enrolments/${enrolmentId}/evidence.zip?to=2020-01-01`, user);
    expect(text(unzip(before.rawPayload)['evaluations.csv'])).not.toContain('Quiz du compost');
  });

  it('is refused (409) while the provider’s settings are incomplete, before anything is sent', async () => {
    const { user, enrolmentId } = await completedEnrolment('Parametres');
    await db.update(providerSettings).set({ siret: null });
    try {
      const res = await get(`/api/enrolments/${enrolmentId}/evidence.zip`, user);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'provider_settings_missing' });
    } finally {
      await setProviderSettings({ db, storage });
    }
  });
});

describe('a course’s evidence file', () => {
  it('is for administrators, with a folder per enrolment', async () => {
    const { course, enrolmentId } = await completedEnrolment('Cours');
    expect((await get(`/api/admin/courses/${course.id}/evidence.zip`, author)).statusCode).toBe(403);
    const res = await get(`/api/admin/courses/${course.id}/evidence.zip`, admin);
    expect(res.statusCode).toBe(200);
    const names = Object.keys(unzip(res.rawPayload));
    expect(names).toContain(`Inès Cours (inscription ${enrolmentId})/evaluations.csv`);
    expect((await get('/api/admin/courses/999999/evidence.zip', admin)).statusCode).toBe(404);
  });

  it('keeps the legal proofs of a learner who deletes their account, without their satisfaction answer, until the end of the retention', async () => {
    const { headers, course, enrolmentId } = await completedEnrolment('Supprimee');
    const deleted = await app.inject({ method: 'DELETE', url: '/api/user/account', headers, payload: { currentPassword: DEFAULT_PASSWORD, confirmation: 'SUPPRIMER' } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const res = await get(`/api/admin/courses/${course.id}/evidence.zip`, admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const files = unzip(res.rawPayload);
    const folder = `archives/Inès Supprimee (inscription ${enrolmentId})`;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([`${folder}/programme.pdf`, `${folder}/evaluations.csv`, `${folder}/presence.csv`, `${folder}/certificat-de-realisation.pdf`, `${folder}/relances.csv`]),
    );
    expect(Object.keys(files).some((n) => n.startsWith(folder) && n.endsWith('enquete-a-froid.csv'))).toBe(false);
    expect(Object.keys(files).some((n) => n.startsWith(`${folder}/attestation-`))).toBe(true);
    expect(Object.keys(files).some((n) => n.startsWith(folder) && n.endsWith('satisfaction.csv'))).toBe(false);

    const [archive] = await db.select().from(evidenceArchives).where(eq(evidenceArchives.enrolmentId, enrolmentId));
    expect(archive!.keepUntil.getTime()).toBe(evidenceKeptUntil(archive!.completedAt!, 6).getTime());
    expect(await purgeExpiredEvidence(db, new Date(archive!.keepUntil.getTime() - 1000))).toBe(0);
    expect(await purgeExpiredEvidence(db, new Date(archive!.keepUntil.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(evidenceArchives).where(eq(evidenceArchives.enrolmentId, enrolmentId))).toHaveLength(0);
  });

  it('counts the retention from the end of the training', () => {
    expect(evidenceKeptUntil(new Date('2026-03-14T10:00:00Z'), 6).toISOString()).toBe('2032-03-14T10:00:00.000Z');
    expect(evidenceKeptUntil(new Date('2024-02-29T10:00:00Z'), 3).toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });
});
