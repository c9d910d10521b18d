import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, enrolments, sessions, users } from '../../src/server/db/schema';
import { createSession } from '../../src/server/lib/sessions';
import { testEngine } from '../../src/server/test/database';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser, DEFAULT_PASSWORD, insertCourse } from '../../src/server/test/factories';
import { multipart } from '../../src/server/test/files';
import { readStoredFile, uploadsListing } from '../../src/server/test/uploads';

/**
 * Many requests at once on the same row: the database, not luck, must decide. On PostgreSQL the
 * requests really run in parallel on several connections; on PGlite they interleave on one.
 */
const { app, db, storage } = await createTestApp();

let ipSequence = 0;
/** A distinct client address per login: the per-address failure limit is not under test here. */
const nextIp = () => `10.9.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

describe(`concurrent writes on one row (${testEngine})`, () => {
  it('fifty simultaneous signups with one email create exactly one account (49 × 409 email_taken)', async () => {
    const email = `meme-adresse-${randomBytes(3).toString('hex')}@exemple.fr`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/signup',
          payload: {
            firstname: `Prénom${i}`,
            lastname: 'Durand',
            email,
            password: DEFAULT_PASSWORD,
            gender: 'female',
            birthdate: '1990-05-17',
            role: i % 2 ? 'membre' : 'formateur',
          },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ error_code: 'email_taken', errors: { email: [expect.any(String)] } });
    }

    const rows = await db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    // The winner's whole account, and only its first session: no trace of the 49 losers.
    const winner = responses.find((r) => r.statusCode === 201)!.json();
    expect(rows[0]).toMatchObject({ id: winner.user.id, firstname: winner.user.firstname, role: winner.user.role });
    const [sessionCount] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, rows[0]!.id));
    expect(Number(sessionCount!.n)).toBe(1);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEFAULT_PASSWORD }, remoteAddress: nextIp() });
    expect(login.statusCode).toBe(200);
  });

  it('twenty approvals and twenty revocations of one trainer, interleaved, end in the state of the last committed write', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const adminAuth = await authHeader(db, admin);
    // Three rounds, so both final states are likely to be met; each round must be consistent.
    for (let round = 0; round < 3; round++) {
      const trainer = await createUser(db, { role: 'formateur', isValid: round % 2 === 0 });
      const earlierTokens = await Promise.all(Array.from({ length: 3 }, () => createSession(db, trainer.id)));
      const [previous] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      const lastAudit = previous?.id ?? 0;

      const wanted = Array.from({ length: 40 }, (_, i) => (i + round) % 2 === 0);
      const responses = await Promise.all(
        wanted.map((isValid) =>
          app.inject({ method: 'PUT', url: `/api/admin/users/${trainer.id}/status`, headers: adminAuth, payload: { is_valid: isValid } }),
        ),
      );
      // Every write succeeded and answered the state it wrote.
      responses.forEach((res, i) => {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().is_valid).toBe(wanted[i]);
      });

      // Each write records its audit row after updating the user, while it holds the row's lock:
      // the audit ids follow the commit order, so the highest one is the last committed write.
      const audit = await db
        .select({ id: auditLog.id, action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, trainer.id), inArray(auditLog.action, ['approve', 'revoke'])))
        .orderBy(asc(auditLog.id));
      expect(audit.filter((a) => a.id > lastAudit)).toHaveLength(40);
      const last = audit.at(-1)!;
      const [row] = await db.select().from(users).where(eq(users.id, trainer.id));
      expect(row!.isValid).toBe(last.action === 'approve');

      // Twenty revocations happened: no session from before them survives, whatever the final state.
      const [live] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, trainer.id));
      expect(Number(live!.n)).toBe(0);
      for (const token of earlierTokens) {
        const res = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(401);
      }
      // The trainer's own view agrees with the row.
      const status = await app.inject({ method: 'GET', url: `/api/formateur/${trainer.id}/status`, headers: adminAuth });
      expect(status.json().isApproved).toBe(row!.isValid);
    }
  });

  it('a member signing in while an administrator disables the account ends with no usable session', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const adminAuth = await authHeader(db, admin);
    for (let attempt = 0; attempt < 6; attempt++) {
      const member = await createUser(db, { role: 'membre' });
      // The login checks the account, then spends tens of milliseconds on argon2; the revocation
      // lands in between.
      const login = app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: DEFAULT_PASSWORD }, remoteAddress: nextIp() });
      await new Promise((resolve) => setTimeout(resolve, attempt * 4));
      const revoke = await app.inject({ method: 'PUT', url: `/api/admin/users/${member.id}/status`, headers: adminAuth, payload: { is_valid: false } });
      expect(revoke.statusCode).toBe(200);
      const loginRes = await login;
      expect([200, 403]).toContain(loginRes.statusCode);
      if (loginRes.statusCode === 403) {
        expect(loginRes.json().error_code).toBe('account_disabled');
        continue;
      }
      // Whatever the order, a disabled account must not be able to use a token.
      const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${loginRes.json().accessToken}` } });
      expect(profile.statusCode).toBe(401);
    }
  });

  it('concurrent enrolments of one user in one course make one row', async () => {
    const author = await createUser(db, { role: 'formateur', isValid: true });
    // A free course: a paid one is joined through its contract (issue 29).
    const course = await insertCourse(db, author.id, { priceCents: 0 });
    const learner = await createUser(db, { role: 'membre' });
    const auth = await authHeader(db, learner);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ method: 'POST', url: `/api/courses/${course.id}/enrolment`, headers: auth })),
    );
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ enrolled: true });
    }
    const rows = await db.select().from(enrolments).where(and(eq(enrolments.userId, learner.id), eq(enrolments.courseId, course.id)));
    expect(rows).toHaveLength(1);
  });

  it('concurrent CV uploads by one trainer leave exactly one referenced file, matching the row, and no orphan', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    const auth = await authHeader(db, trainer);
    const before = await uploadsListing(storage);
    // Ten different PDFs of different sizes, so the row's size tells which upload it describes.
    const files = Array.from({ length: 10 }, (_, i) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000 + i * 1000), Buffer.from('\n%%EOF\n')]));
    const responses = await Promise.all(
      files.map((content, i) => {
        const body = multipart({}, [{ name: 'cv', filename: `cv-${i}.pdf`, content, contentType: 'application/pdf' }]);
        return app.inject({ method: 'POST', url: '/api/upload-cv', headers: { ...body.headers, ...auth }, payload: body.payload });
      }),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(201);

    const [row] = await db.select().from(users).where(eq(users.id, trainer.id));
    const added = (await uploadsListing(storage)).filter((name) => !before.includes(name));
    expect(added).toEqual([row!.cvPath]);
    // The stored file, its recorded name and its recorded size all come from the same upload.
    const stored = (await readStoredFile(storage, row!.cvPath!))!;
    const index = files.findIndex((f) => f.equals(stored));
    expect(index).toBeGreaterThanOrEqual(0);
    expect(row).toMatchObject({ cvOriginalName: `cv-${index}.pdf`, cvSize: files[index]!.length, cvMimeType: 'application/pdf' });
    const download = await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}/cv`, headers: await authHeader(db, await createUser(db, { role: 'admin' })) });
    expect(download.rawPayload.equals(stored)).toBe(true);
  });
});
