import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { type Complaint, type ComplaintPage, type Improvement, type ImprovementPage, type MonthlyFigures, qualityMessages, type SurveyAnswerPage } from '../../../shared/quality';
import { coldSurveyAnswers, complaints, enrolments, improvementActions, mailOutbox, notifications } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, enrolCompleted, insertCourse, insertSatisfactionAnswer } from '../../test/factories';
import { lastTwelveMonths, monthlyFigures } from './quality.service';

const ctx = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
const { app, db } = ctx;
const mail = await catchMail(ctx);

const admin = await createUser(db, { role: 'admin' });
const member = await createUser(db, { role: 'membre', email: 'membre.reclamation@exemple.fr' });
const trainer = await createUser(db, { role: 'formateur', isValid: true });
const course = await insertCourse(db, trainer.id, { title: 'Jardiner sans pesticides' });

/** The French texts carry no-break spaces (French typography): compared with plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

let ipCounter = 0;
/** Each request its own address, so the rate limit only counts where a test wants it to. */
const freshIp = () => `10.27.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, user: { id: number } | null, payload?: object, ip = freshIp()) {
  return app.inject({ method, url, remoteAddress: ip, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

const complaintBody = (overrides: Record<string, unknown> = {}) => ({ subject: 'Vidéo illisible', description: 'La vidéo du chapitre 2 ne se lance pas.', email: 'visiteur@exemple.fr', ...overrides });

async function file(overrides: Record<string, unknown> = {}, user: { id: number } | null = null) {
  const res = await call('POST', '/api/complaints', user, complaintBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('filing a complaint (indicator 31)', () => {
  it('a visitor with an e-mail: stored as new, acknowledged by e-mail, administrators told', async () => {
    const address = 'camille.visiteur@exemple.fr';
    const res = await call('POST', '/api/complaints', null, complaintBody({ email: address, course_id: course.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: qualityMessages.complaintReceived });
    const { id } = res.json() as { id: number };
    const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({ email: address, userId: null, courseId: course.id, status: 'new', takenAt: null, resolvedAt: null });
    const notes = await db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(notes.some((n) => n.kind === 'complaint_received' && plain(n.title) === 'Nouvelle réclamation : Vidéo illisible')).toBe(true);
    await mail.deliver();
    const ack = mail.to(address);
    expect(ack).toHaveLength(1);
    expect(plain(ack[0]!.subject)).toBe(`Réclamation n° ${id} reçue : Vidéo illisible`);
    expect(ack[0]!.text).toContain('Nous avons bien reçu votre réclamation');
  });

  it('a signed-in person: the account address is used, whatever the body says', async () => {
    const { id } = await file({ email: 'autre@exemple.fr' }, member);
    const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({ email: member.email, userId: member.id });
    const signedInWithout = await call('POST', '/api/complaints', member, complaintBody({ email: undefined }));
    expect(signedInWithout.statusCode).toBe(201);
  });

  it('refuses a visitor without e-mail, bad fields and an unknown course, with the French messages, storing nothing', async () => {
    const before = (await db.select().from(complaints)).length;
    const cases: Array<[object, string]> = [
      [complaintBody({ email: undefined }), qualityMessages.emailRequiredForVisitor],
      [complaintBody({ email: '  ' }), qualityMessages.emailRequiredForVisitor],
      [complaintBody({ email: 'pas-une-adresse' }), authMessages.emailInvalid],
      [complaintBody({ subject: ' ' }), qualityMessages.subjectRequired],
      [complaintBody({ subject: 'x'.repeat(201) }), qualityMessages.subjectTooLong],
      [complaintBody({ description: '' }), qualityMessages.descriptionRequired],
      [complaintBody({ course_id: 999_999 }), qualityMessages.unknownCourse],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/complaints', null, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await db.select().from(complaints)).toHaveLength(before);
  });

  it('is rate-limited per address: the 6th in an hour is refused with 429', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/complaints', null, complaintBody(), ip)).statusCode).toBe(201);
    const refused = await call('POST', '/api/complaints', null, complaintBody(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_code: 'too_many_attempts', message: qualityMessages.tooManyComplaints });
    expect((await call('POST', '/api/complaints', null, complaintBody(), '10.99.0.2')).statusCode).toBe(201);
  });
});

describe('handling complaints (administrators)', () => {
  it('new → in progress → resolved, with the dates, the answer mailed; no going back', async () => {
    const address = 'dominique@exemple.fr';
    const { id } = await file({ email: address, subject: 'Facture erronée' });
    const taken = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'in_progress' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'in_progress', resolved_at: null });
    expect((taken.json() as Complaint).taken_at).not.toBeNull();

    const back = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'new' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ message: qualityMessages.noGoingBack });

    const noAnswer = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'resolved', answer: '  ' });
    expect(noAnswer.statusCode).toBe(422);
    expect(JSON.stringify(noAnswer.json())).toContain(qualityMessages.answerRequired);
    expect((await db.select().from(complaints).where(eq(complaints.id, id)))[0]!.status).toBe('in_progress');

    const resolved = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'resolved', answer: 'Nous avons corrigé votre facture.' });
    expect(resolved.statusCode).toBe(200);
    const done = resolved.json() as Complaint;
    expect(done).toMatchObject({ status: 'resolved', answer: 'Nous avons corrigé votre facture.' });
    expect(done.resolved_at).not.toBeNull();
    expect(done.taken_at).toBe((taken.json() as Complaint).taken_at);

    const again = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'in_progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'invalid_transition', message: qualityMessages.alreadyResolved });

    await mail.deliver();
    const mails = mail.to(address);
    expect(mails.map((m) => plain(m.subject))).toEqual([`Réclamation n° ${id} reçue : Facture erronée`, `Réponse à votre réclamation n° ${id} : Facture erronée`]);
    expect(mails[1]!.text).toContain('Nous avons corrigé votre facture.');
  });

  it('resolves a new complaint at once (taken and resolved together); refuses an unknown status and an unknown complaint', async () => {
    const { id } = await file();
    const res = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'resolved', answer: 'Réglé.' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Complaint).taken_at).not.toBeNull();
    const bad = await call('PUT', `/api/admin/complaints/${id}`, admin, { status: 'closed' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain(qualityMessages.statusInvalid);
    const missing = await call('PUT', '/api/admin/complaints/999999', admin, { status: 'in_progress' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: qualityMessages.complaintNotFound });
  });

  it('lists by page and status, exports CSV; others are refused', async () => {
    const { id } = await file({ subject: '=SOMME(1)' });
    const all = (await call('GET', '/api/admin/complaints?status=new&pageSize=100', admin)).json() as ComplaintPage;
    expect(all.items.every((c) => c.status === 'new')).toBe(true);
    expect(all.items.some((c) => c.id === id)).toBe(true);
    const resolved = (await call('GET', '/api/admin/complaints?status=resolved', admin)).json() as ComplaintPage;
    expect(resolved.items.some((c) => c.id === id)).toBe(false);
    const csv = await call('GET', '/api/admin/complaints.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFN°;Reçue le;Objet')).toBe(true);
    // A cell a spreadsheet would run as a formula stays text.
    expect(csv.body).toContain(";'=SOMME(1);");
    for (const caller of [member, trainer]) expect((await call('GET', '/api/admin/complaints', caller)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/complaints', null)).statusCode).toBe(401);
    expect((await call('PUT', `/api/admin/complaints/${id}`, member, { status: 'in_progress' })).statusCode).toBe(403);
  });
});

describe('improvement actions (indicator 32)', () => {
  async function surveyAnswer() {
    const learner = await createUser(db, { role: 'membre' });
    await enrolCompleted(db, learner.id, course.id);
    const [row] = await db.insert(coldSurveyAnswers).values({ userId: learner.id, courseId: course.id, practice: 'Paillage', effect: 'Moins d’arrosage', rating: 4 }).returning();
    return row!;
  }

  it('created from a complaint and a survey answer, shown on each source, edited, exported', async () => {
    const { id: complaintId } = await file({ subject: 'Quiz trop difficile' });
    const answer = await surveyAnswer();
    const body = { title: 'Revoir le quiz du chapitre 3', source_ids: [{ type: 'complaint', id: complaintId }, { type: 'survey', id: answer.id }], owner: 'Claire Martin', due: '2027-01-31', status: 'planned' };
    const res = await call('POST', '/api/admin/improvements', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json() as Improvement;
    expect(action).toMatchObject({ title: body.title, owner: 'Claire Martin', due: '2027-01-31', status: 'planned' });
    expect(action.source_ids.map((source) => ({ ...source, label: plain(source.label) }))).toEqual([
      { type: 'complaint', id: complaintId, label: `Réclamation n° ${complaintId} : Quiz trop difficile` },
      { type: 'survey', id: answer.id, label: `Enquête n° ${answer.id} : Jardiner sans pesticides` },
    ]);
    const complaint = (await call('GET', `/api/admin/complaints/${complaintId}`, admin)).json() as Complaint;
    expect(complaint.actions).toEqual([{ id: action.id, title: body.title, status: 'planned', due: '2027-01-31' }]);
    const surveys = (await call('GET', '/api/admin/surveys?pageSize=100', admin)).json() as SurveyAnswerPage;
    expect(surveys.items.find((s) => s.id === answer.id)!.actions.map((a) => a.id)).toEqual([action.id]);

    const edited = await call('PUT', `/api/admin/improvements/${action.id}`, admin, { ...body, status: 'done', source_ids: [{ type: 'complaint', id: complaintId }] });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Improvement).source_ids).toHaveLength(1);
    expect((await call('GET', `/api/admin/improvements/${action.id}`, admin)).json()).toMatchObject({ status: 'done' });
    const list = (await call('GET', '/api/admin/improvements', admin)).json() as ImprovementPage;
    expect(list.items.some((i) => i.id === action.id)).toBe(true);
    const csv = await call('GET', '/api/admin/improvements.csv', admin);
    expect(csv.body).toContain('Revoir le quiz du chapitre 3;Claire Martin;2027-01-31;Réalisée');
  });

  it('refuses bad input with the French messages, storing nothing', async () => {
    const { id: complaintId } = await file();
    const valid = { title: 'Action', source_ids: [{ type: 'complaint', id: complaintId }], owner: 'Claire', due: '2027-02-01', status: 'planned' };
    const before = (await db.select().from(improvementActions)).length;
    const cases: Array<[object, string]> = [
      [{ ...valid, title: ' ' }, qualityMessages.titleRequired],
      [{ ...valid, source_ids: [] }, qualityMessages.sourcesRequired],
      [{ ...valid, source_ids: [{ type: 'avis', id: 1 }] }, qualityMessages.sourceInvalid],
      [{ ...valid, source_ids: [{ type: 'complaint', id: 999_999 }] }, qualityMessages.sourceNotFound],
      [{ ...valid, owner: '' }, qualityMessages.ownerRequired],
      [{ ...valid, due: '2027-02-30' }, qualityMessages.dueInvalid],
      [{ ...valid, status: 'abandoned' }, qualityMessages.improvementStatusInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/admin/improvements', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await db.select().from(improvementActions)).toHaveLength(before);
    expect((await call('POST', '/api/admin/improvements', member, valid)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/improvements/999999', admin, valid)).statusCode).toBe(404);
  });
});

describe('cold survey answers and monthly figures (administrators)', () => {
  it('exports the answers as CSV with the questions as headers', async () => {
    const csv = await call('GET', '/api/admin/surveys.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(plain(csv.body)).toContain('Qu’avez-vous mis en pratique depuis la formation ?');
    expect((await call('GET', '/api/admin/surveys.csv', member)).statusCode).toBe(403);
  });

  it('lastTwelveMonths: twelve Paris months ending with the current one', () => {
    // 23:30 UTC on 31 January is already February in Paris.
    expect(lastTwelveMonths(new Date('2026-01-31T23:30:00Z'))).toEqual([
      '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02',
    ]);
    expect(lastTwelveMonths(new Date('2026-06-15T12:00:00Z'))).toHaveLength(12);
    expect(lastTwelveMonths(new Date('2026-06-15T12:00:00Z')).at(-1)).toBe('2026-06');
  });

  it('counts enrolments, completions, satisfaction and complaints by month', async () => {
    const learner = await createUser(db, { role: 'membre' });
    const other = await insertCourse(db, trainer.id);
    await enrol(db, learner.id, other.id);
    const old = new Date(Date.now() - 400 * 86_400_000);
    await db.update(enrolments).set({ completedAt: new Date() }).where(eq(enrolments.userId, learner.id));
    await insertSatisfactionAnswer(db, learner.id, other.id, { rating: 2 });
    await insertSatisfactionAnswer(db, admin.id, other.id, { rating: 5, createdAt: old });
    const figures = await monthlyFigures(db);
    const current = figures.months.at(-1)!;
    expect(figures.months).toHaveLength(12);
    expect(current.enrolments).toBeGreaterThanOrEqual(1);
    expect(current.completions).toBeGreaterThanOrEqual(1);
    expect(current.complaints).toBeGreaterThanOrEqual(1);
    expect(current.satisfaction).toBe(2);
    const res = await call('GET', '/api/admin/figures/monthly', admin);
    expect(res.statusCode).toBe(200);
    expect((res.json() as MonthlyFigures).months.at(-1)).toEqual(current);
    expect((await call('GET', '/api/admin/figures/monthly', trainer)).statusCode).toBe(403);
  });

  it('keeps no mail for a refused complaint', async () => {
    const before = (await db.select().from(mailOutbox)).length;
    await call('POST', '/api/complaints', null, complaintBody({ email: undefined }));
    expect(await db.select().from(mailOutbox)).toHaveLength(before);
  });
});
