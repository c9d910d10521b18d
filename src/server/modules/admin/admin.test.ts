import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserDetail, AdminUsersResponse } from '../../../shared/admin';
import { passwordMessages } from '../../../shared/password';
import { accountTokens, auditLog, courses, meetings, sessions, users, type UserRow } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { linkIn } from '../../test/mail';
import { authHeader, createUser, insertLesson, insertSection } from '../../test/factories';
import { placeFile, readStoredFile, removeKeptFile } from '../../test/uploads';

const ctx = await createTestApp();
const { app, db, storage } = ctx;
const mail = await catchMail(ctx);

const admin = await createUser(db, { role: 'admin', firstname: 'Alice', lastname: 'Admin' });
const adminAuth = await authHeader(db, admin);

/** A fresh token for each role the access matrix tries. */
async function callers(): Promise<Record<string, Record<string, string>>> {
  return {
    anonyme: {},
    membre: await authHeader(db, await createUser(db, { role: 'membre' })),
    organisme: await authHeader(db, await createUser(db, { role: 'organisme' })),
    'formateur non approuvé': await authHeader(db, await createUser(db, { role: 'formateur', isValid: false })),
    'formateur approuvé': await authHeader(db, await createUser(db, { role: 'formateur', isValid: true })),
  };
}

/** A token that cannot be guessed in a search: tests stay independent of each other's users. */
function tag(): string {
  return `t${randomBytes(4).toString('hex')}`;
}

/** Stores a CV the way the upload does: a random name in the storage, the original name in the row. */
async function giveCv(user: UserRow, content: Buffer, originalName: string, mime = 'application/pdf'): Promise<string> {
  const stored = await placeFile(storage, content, 'pdf');
  await db
    .update(users)
    .set({ cvPath: stored, cvOriginalName: originalName, cvMimeType: mime, cvSize: content.length, cvUploadedAt: new Date() })
    .where(eq(users.id, user.id));
  return stored;
}

async function fileExists(name: string): Promise<boolean> {
  return (await readStoredFile(storage, name)) !== null;
}

async function list(query: string): Promise<AdminUsersResponse> {
  const res = await app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers: adminAuth });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function auditOf(userId: number) {
  return db.select().from(auditLog).where(eq(auditLog.targetId, userId));
}

const INVISIBLE_CHARACTERS = "Ce champ contient des caractères invisibles non autorisés (sens d'écriture, espace sans largeur, séparateur de ligne).";

const validUpdate = {
  firstname: 'Hélène',
  lastname: 'Dupré',
  email: 'helene.dupre@exemple.fr',
  phone_number: '+33 6 12 34 56 78',
  gender: 'female',
  birthdate: '1985-03-02',
  country: 'France',
  speciality: 'Biodiversité',
};

describe('access to every administration route', () => {
  interface RouteCase {
    name: string;
    request: (target: UserRow) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
    /** What an administrator gets on a fresh target. */
    adminStatus: number;
  }
  const routes: RouteCase[] = [
    { name: 'GET /api/admin/dashboard', request: () => ({ method: 'GET', url: '/api/admin/dashboard' }), adminStatus: 200 },
    { name: 'GET /api/users', request: () => ({ method: 'GET', url: '/api/users?role=formateur&status=pending' }), adminStatus: 200 },
    { name: 'GET /api/admin/users/:id', request: (t) => ({ method: 'GET', url: `/api/admin/users/${t.id}` }), adminStatus: 200 },
    {
      name: 'PUT /api/admin/users/:id/status',
      request: (t) => ({ method: 'PUT', url: `/api/admin/users/${t.id}/status`, payload: { is_valid: true } }),
      adminStatus: 200,
    },
    {
      name: 'POST /api/admin/users/:id/reject',
      request: (t) => ({ method: 'POST', url: `/api/admin/users/${t.id}/reject`, payload: { reason: 'Profil incomplet' } }),
      adminStatus: 200,
    },
    {
      name: 'PUT /api/admin/users/:id',
      request: (t) => ({ method: 'PUT', url: `/api/admin/users/${t.id}`, payload: { ...validUpdate, email: `${tag()}@exemple.fr` } }),
      adminStatus: 200,
    },
    {
      name: 'POST /api/admin/users',
      request: () => ({ method: 'POST', url: '/api/admin/users', payload: { firstname: 'Nouveau', lastname: 'Compte', email: `${tag()}@exemple.fr`, role: 'membre' } }),
      adminStatus: 201,
    },
    { name: 'DELETE /api/admin/users/:id', request: (t) => ({ method: 'DELETE', url: `/api/admin/users/${t.id}` }), adminStatus: 204 },
    { name: 'GET /api/admin/users/:id/cv', request: (t) => ({ method: 'GET', url: `/api/admin/users/${t.id}/cv` }), adminStatus: 200 },
  ];

  for (const route of routes) {
    it(`${route.name}: 401 anonymous, 403 membre, organisme and formateurs, allowed for an admin`, async () => {
      const target = await createUser(db, { role: 'formateur' });
      await giveCv(target, Buffer.from('%PDF-1.4 accès'), 'cv.pdf');
      for (const [role, headers] of Object.entries(await callers())) {
        const res = await app.inject({ ...route.request(target), headers });
        const expected = role === 'anonyme' ? 401 : 403;
        expect(res.statusCode, `${route.name} as ${role}`).toBe(expected);
        expect(res.json().error_code).toBe(expected === 401 ? 'invalid_token' : 'forbidden');
      }
      const res = await app.inject({ ...route.request(target), headers: adminAuth });
      expect(res.statusCode, `${route.name} as admin: ${res.body}`).toBe(route.adminStatus);
    });
  }

  it('refuses a revoked or expired token with 401 invalid_token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: 'Bearer pas-un-vrai-jeton' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error_code: 'invalid_token', message: 'Votre session a expiré. Veuillez vous reconnecter.' });
  });
});

describe('GET /api/admin/dashboard and /api/users', () => {
  it('answers the spec fields of each user, without secrets', async () => {
    const t = tag();
    const user = await createUser(db, { role: 'formateur', firstname: 'Jeanne', lastname: `Fields${t}`, speciality: 'RSE', phoneNumber: '0601020304', country: 'France' });
    await giveCv(user, Buffer.from('%PDF-1.4'), 'cv.pdf');
    const body = await list(`?q=${t}`);
    expect(body.total).toBe(1);
    expect(body.users[0]).toEqual({
      id: user.id,
      name: `Jeanne Fields${t}`,
      firstname: 'Jeanne',
      lastname: `Fields${t}`,
      email: user.email,
      role: 'formateur',
      speciality: 'RSE',
      is_valid: false,
      meeting_date: null,
      meeting_url: null,
      meeting_id: null,
      cv: true,
      profil_picture: null,
      phone_number: '0601020304',
      country: 'France',
      gender: 'female',
      birthdate: '1990-05-17',
      created_at: user.createdAt.toISOString(),
      rejected: false,
      email_confirmed: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2|cv_path|search_text/i);
  });

  it('serves the same list under /api/users', async () => {
    const t = tag();
    await createUser(db, { lastname: `Alias${t}` });
    const res = await app.inject({ method: 'GET', url: `/api/users?q=${t}`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: AdminUser) => u.lastname)).toEqual([`Alias${t}`]);
  });

  it('searches first name, last name and email, ignoring case and accents', async () => {
    const t = tag();
    const helene = await createUser(db, { firstname: 'Hélène', lastname: `Écologiste${t}` });
    const other = await createUser(db, { firstname: 'Marc', lastname: `Autre${t}`, email: `marc.${t}@exemple.fr` });
    expect((await list(`?q=${encodeURIComponent(`helene ecologiste${t}`)}`)).users.map((u) => u.id)).toEqual([helene.id]);
    expect((await list(`?q=${encodeURIComponent(`HÉLÈNE`)}&pageSize=100`)).users.map((u) => u.id)).toContain(helene.id);
    expect((await list(`?q=${encodeURIComponent(`ecologiste${t.toUpperCase()}`)}`)).users.map((u) => u.id)).toEqual([helene.id]);
    expect((await list(`?q=marc.${t}@exemple`)).users.map((u) => u.id)).toEqual([other.id]);
    expect((await list(`?q=${t}`)).total).toBe(2);
    expect((await list(`?q=${encodeURIComponent(`personne${t}`)}`)).total).toBe(0);
  });

  it('matches % and _ literally in a search', async () => {
    const t = tag();
    await createUser(db, { lastname: `Pourcent${t}` });
    expect((await list(`?q=${encodeURIComponent(`${t}%`)}`)).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent(`pourcent_${t}`)}`)).total).toBe(0);
    const underscore = await createUser(db, { lastname: `Sous_${t}` });
    expect((await list(`?q=${encodeURIComponent(`sous_${t}`)}`)).users.map((u) => u.id)).toEqual([underscore.id]);
  });

  it('filters by role and by status', async () => {
    const t = tag();
    const pendingTrainer = await createUser(db, { role: 'formateur', isValid: false, lastname: `Filtre${t}` });
    const approvedTrainer = await createUser(db, { role: 'formateur', isValid: true, lastname: `Filtre${t}` });
    const member = await createUser(db, { role: 'membre', lastname: `Filtre${t}` });
    const organisation = await createUser(db, { role: 'organisme', lastname: `Filtre${t}` });
    const ids = async (query: string) => (await list(`?q=${t}${query}`)).users.map((u) => u.id).sort((a, b) => a - b);
    expect(await ids('&role=formateur')).toEqual([pendingTrainer.id, approvedTrainer.id]);
    expect(await ids('&role=membre')).toEqual([member.id]);
    expect(await ids('&role=organisme')).toEqual([organisation.id]);
    expect(await ids('&status=pending')).toEqual([pendingTrainer.id]);
    expect(await ids('&status=approved')).toEqual([approvedTrainer.id, member.id, organisation.id]);
    expect(await ids('&role=formateur&status=approved')).toEqual([approvedTrainer.id]);
    expect(await ids('&role=membre&status=pending')).toEqual([]);
    expect(await ids('&role=&status=')).toEqual([pendingTrainer.id, approvedTrainer.id, member.id, organisation.id]);
  });

  it('filters role and status without a search, counting the matches', async () => {
    const before = await list('?role=organisme&status=pending');
    const t = tag();
    await createUser(db, { role: 'organisme', isValid: false, lastname: `Desactive${t}` });
    await createUser(db, { role: 'organisme', isValid: true, lastname: `Active${t}` });
    const after = await list('?role=organisme&status=pending');
    expect(after.total).toBe(before.total + 1);
    expect(after.users.every((u) => u.role === 'organisme' && !u.is_valid)).toBe(true);
  });

  it('leaves refused applications out with rejected=false, and keeps only them with rejected=true', async () => {
    const t = tag();
    const waiting = await createUser(db, { role: 'formateur', lastname: `Refus${t}` });
    const refused = await createUser(db, { role: 'formateur', lastname: `Refus${t}`, rejectedAt: new Date(), rejectionReason: 'Non' });
    expect((await list(`?q=${t}&role=formateur&status=pending&rejected=false`)).users.map((u) => u.id)).toEqual([waiting.id]);
    const onlyRefused = await list(`?q=${t}&rejected=true`);
    expect(onlyRefused.users.map((u) => u.id)).toEqual([refused.id]);
    expect(onlyRefused.users[0]!.rejected).toBe(true);
  });

  it('pages newest first, with total, page and pageSize', async () => {
    const t = tag();
    const created: UserRow[] = [];
    for (let i = 0; i < 5; i++) {
      created.push(await createUser(db, { lastname: `Page${t}`, createdAt: new Date(Date.UTC(2024, 0, 1 + i)) }));
    }
    const newestFirst = [...created].reverse().map((u) => u.id);
    const first = await list(`?q=${t}&page=1&pageSize=2`);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.users.map((u) => u.id)).toEqual(newestFirst.slice(0, 2));
    expect((await list(`?q=${t}&page=2&pageSize=2`)).users.map((u) => u.id)).toEqual(newestFirst.slice(2, 4));
    expect(await list(`?q=${t}&page=3&pageSize=2`)).toMatchObject({ total: 5, users: [{ id: newestFirst[4] }] });
    // Past the end: no user, the total still right.
    expect(await list(`?q=${t}&page=4&pageSize=2`)).toMatchObject({ total: 5, users: [] });
    expect(await list(`?q=${t}&page=1&pageSize=5`)).toMatchObject({ total: 5, totalCapped: false });
  });

  it('breaks ties of creation time by id, newest id first', async () => {
    const t = tag();
    const sameTime = new Date(Date.UTC(2023, 5, 1));
    const a = await createUser(db, { lastname: `Egal${t}`, createdAt: sameTime });
    const b = await createUser(db, { lastname: `Egal${t}`, createdAt: sameTime });
    expect((await list(`?q=${t}`)).users.map((u) => u.id)).toEqual([b.id, a.id]);
  });

  it('uses 20 users per page by default and accepts up to 100', async () => {
    const body = await list('');
    expect(body.pageSize).toBe(20);
    expect(body.page).toBe(1);
    expect((await list('?pageSize=100')).pageSize).toBe(100);
  });

  it('refuses bad paging and unknown filters with French messages', async () => {
    const cases: [string, string, string][] = [
      ['?pageSize=101', 'pageSize', 'La taille de page doit être comprise entre 1 et 100.'],
      ['?pageSize=0', 'pageSize', 'La taille de page doit être comprise entre 1 et 100.'],
      ['?page=0', 'page', 'La page doit être un nombre entier positif.'],
      ['?page=abc', 'page', 'La page doit être un nombre entier positif.'],
      ['?role=superadmin', 'role', 'Rôle inconnu.'],
      ['?status=maybe', 'status', 'Statut inconnu.'],
      [`?q=${'a'.repeat(101)}`, 'q', 'La recherche ne peut pas dépasser 100 caractères.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers: adminAuth });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error_code).toBe('validation_failed');
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it('counts total, pending, approved and users with a meeting over the whole base', async () => {
    const before = (await list('')).counters;
    const pending = await createUser(db, { role: 'formateur', isValid: false });
    await createUser(db, { role: 'membre' });
    // Two meetings for one user count once.
    for (let i = 0; i < 2; i++) {
      await db.insert(meetings).values({ userId: pending.id, roomName: `room-${tag()}`, url: 'https://meet.jit.si/x', scheduledAt: new Date() });
    }
    const after = await list(`?q=${tag()}`);
    expect(after.total).toBe(0);
    expect(after.counters).toEqual({
      total: before.total + 2,
      pending: before.pending + 1,
      approved: before.approved + 1,
      meetings: before.meetings + 1,
    });
    const [expected] = await db.select({ total: count() }).from(users);
    expect(after.counters.total).toBe(expected!.total);
  });

  it('keeps the counters exact through bulk inserts, updates and deletes by any module', async () => {
    const t = tag();
    const expected = async () => {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`(count(*) filter (where not ${users.isValid}))::int`,
          approved: sql<number>`(count(*) filter (where ${users.isValid}))::int`,
        })
        .from(users);
      const [withMeeting] = await db.select({ n: sql<number>`count(distinct ${meetings.userId})::int` }).from(meetings);
      return { ...row!, meetings: withMeeting!.n };
    };
    await db.insert(users).values(
      Array.from({ length: 6 }, (_, i) => ({
        email: `bulk${i}-${t}@exemple.fr`,
        passwordHash: 'x',
        firstname: 'Bulk',
        lastname: t,
        role: (['membre', 'formateur', 'organisme'] as const)[i % 3]!,
        isValid: i % 2 === 0,
        searchText: `bulk ${t}`,
      })),
    );
    expect((await list('')).counters).toEqual(await expected());
    await db.update(users).set({ isValid: true }).where(eq(users.lastname, t));
    await db.update(users).set({ role: 'admin' }).where(and(eq(users.lastname, t), eq(users.role, 'organisme')));
    await db.update(users).set({ country: 'France' }).where(eq(users.lastname, t));
    expect((await list('')).counters).toEqual(await expected());
    const [approvedAdmins] = await db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), eq(users.isValid, true)));
    expect((await list('?role=admin&status=approved')).total).toBe(approvedAdmins!.n);
    await db.delete(users).where(and(eq(users.lastname, t), eq(users.role, 'membre')));
    expect((await list('')).counters).toEqual(await expected());

    // Meetings: several at once, a second one for the same user, moved, and removed with their user.
    const bulk = await db.select().from(users).where(eq(users.lastname, t));
    const [a, b, c] = bulk;
    await db.insert(meetings).values([a!, a!, b!].map((u, i) => ({ userId: u.id, roomName: `c-${t}-${i}`, url: 'https://meet.jit.si/c', scheduledAt: new Date() })));
    expect((await list('')).counters).toEqual(await expected());
    await db.insert(meetings).values({ userId: a!.id, roomName: `c-${t}-3`, url: 'https://meet.jit.si/c', scheduledAt: new Date() });
    expect((await list('')).counters).toEqual(await expected());
    await db.update(meetings).set({ userId: c!.id }).where(eq(meetings.userId, b!.id));
    expect((await list('')).counters).toEqual(await expected());
    await db.delete(users).where(eq(users.id, a!.id));
    expect((await list('')).counters).toEqual(await expected());
    await db.delete(meetings).where(eq(meetings.userId, c!.id));
    expect((await list('')).counters).toEqual(await expected());
  });

  it('counts a user once when two administrators schedule their first meeting at the same time', async () => {
    const before = (await list('')).counters.meetings;
    const trainer = await createUser(db, { role: 'formateur' });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const results = await Promise.all(
      [adminAuth, await authHeader(db, await createUser(db, { role: 'admin' }))].map((headers) =>
        app.inject({ method: 'POST', url: `/api/admin/users/${trainer.id}/meeting`, headers, payload: { meeting_date: future } }),
      ),
    );
    // One creates the interview, the other moves that same interview: never two.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(results.map((r) => r.json().meeting_id)).size).toBe(1);
    expect(await db.select().from(meetings).where(eq(meetings.userId, trainer.id))).toHaveLength(1);
    expect((await list('')).counters.meetings).toBe(before + 1);
  });

  it('counts the matches of a search up to 1000, then says there are more', async () => {
    const t = tag();
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}${i}-${t}@exemple.fr`,
        passwordHash: 'x',
        firstname: prefix,
        lastname: t,
        role: 'membre' as const,
        isValid: true,
        searchText: `${prefix} ${t} ${prefix}${i}-${t}@exemple.fr`,
      }));
    await db.insert(users).values(many(1001, 'nombreux'));
    await db.insert(users).values(many(1000, 'pile'));
    const over = await list(`?q=${encodeURIComponent(`nombreux ${t}`)}`);
    expect(over).toMatchObject({ total: 1000, totalCapped: true });
    expect(over.users).toHaveLength(20);
    expect(await list(`?q=${encodeURIComponent(`pile ${t}`)}&pageSize=1`)).toMatchObject({ total: 1000, totalCapped: false });
    expect(await list('?role=membre')).toMatchObject({ totalCapped: false });
    expect((await list('?role=membre')).total).toBeGreaterThan(2001);
  });

  it("shows each user's latest meeting", async () => {
    const t = tag();
    const user = await createUser(db, { role: 'formateur', lastname: `Reunion${t}` });
    await db.insert(meetings).values({ userId: user.id, roomName: `old-${t}`, url: 'https://meet.jit.si/ancienne', scheduledAt: new Date('2030-01-01T10:00:00Z'), createdAt: new Date('2025-01-01T00:00:00Z') });
    await db.insert(meetings).values({ userId: user.id, roomName: `new-${t}`, url: 'https://meet.jit.si/nouvelle', scheduledAt: new Date('2030-02-01T10:00:00Z'), createdAt: new Date('2025-02-01T00:00:00Z') });
    const [row] = (await list(`?q=${t}`)).users;
    expect(row).toMatchObject({ meeting_date: '2030-02-01T10:00:00.000Z', meeting_url: 'https://meet.jit.si/nouvelle' });
  });
});

describe('PUT /api/admin/users/:id/status', () => {
  it('approves a trainer, clears a previous refusal and records it', async () => {
    const trainer = await createUser(db, { role: 'formateur', rejectedAt: new Date(), rejectionReason: 'Incomplet' });
    const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${trainer.id}/status`, headers: adminAuth, payload: { is_valid: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: trainer.id, is_valid: true, rejected: false });
    const [row] = await db.select().from(users).where(eq(users.id, trainer.id));
    expect(row).toMatchObject({ isValid: true, rejectedAt: null, rejectionReason: null });
    expect((await auditOf(trainer.id)).map((a) => [a.action, a.actorId])).toEqual([['approve', admin.id]]);
  });

  it("revokes an account and ends its sessions: the old token is refused", async () => {
    const otherAdmin = await createUser(db, { role: 'admin' });
    const oldToken = await authHeader(db, otherAdmin);
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: oldToken })).statusCode).toBe(200);
    const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${otherAdmin.id}/status`, headers: adminAuth, payload: { is_valid: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_valid).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, otherAdmin.id))).toEqual([]);
    const after = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: oldToken });
    expect(after.statusCode).toBe(401);
    expect(after.json().error_code).toBe('invalid_token');
    expect((await auditOf(otherAdmin.id)).map((a) => a.action)).toEqual(['revoke']);
  });

  it('approves then revokes a trainer, whose sessions all end', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    await authHeader(db, trainer);
    await authHeader(db, trainer);
    await app.inject({ method: 'PUT', url: `/api/admin/users/${trainer.id}/status`, headers: adminAuth, payload: { is_valid: true } });
    expect(await db.select().from(sessions).where(eq(sessions.userId, trainer.id))).toHaveLength(2);
    await app.inject({ method: 'PUT', url: `/api/admin/users/${trainer.id}/status`, headers: adminAuth, payload: { is_valid: false } });
    expect(await db.select().from(sessions).where(eq(sessions.userId, trainer.id))).toEqual([]);
    expect((await auditOf(trainer.id)).map((a) => a.action).sort()).toEqual(['approve', 'revoke']);
  });

  it('refuses that an admin revokes themself, with a French message, and changes nothing', async () => {
    const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${admin.id}/status`, headers: adminAuth, payload: { is_valid: false } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', message: 'Vous ne pouvez pas révoquer votre propre compte.' });
    const [row] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.isValid).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: adminAuth })).statusCode).toBe(200);
  });

  it('refuses a missing or non-boolean is_valid, and an unknown user', async () => {
    const user = await createUser(db);
    for (const payload of [{}, { is_valid: 'oui' }]) {
      const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/status`, headers: adminAuth, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.is_valid).toEqual(['Le statut doit être vrai ou faux.']);
    }
    const missing = await app.inject({ method: 'PUT', url: '/api/admin/users/999999/status', headers: adminAuth, payload: { is_valid: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error_code: 'not_found', message: 'Utilisateur introuvable' });
    const bad = await app.inject({ method: 'PUT', url: '/api/admin/users/abc/status', headers: adminAuth, payload: { is_valid: true } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toEqual(['Identifiant invalide.']);
  });
});

describe('POST /api/admin/users/:id/reject', () => {
  it('refuses a trainer with a reason, kept for them to read, and records it', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const res = await app.inject({ method: 'POST', url: `/api/admin/users/${trainer.id}/reject`, headers: adminAuth, payload: { reason: '  Expérience insuffisante  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_valid: false, rejected: true });
    const [row] = await db.select().from(users).where(eq(users.id, trainer.id));
    expect(row!.rejectedAt).toBeInstanceOf(Date);
    expect(row!.rejectionReason).toBe('Expérience insuffisante');
    const [entry] = await auditOf(trainer.id);
    expect(entry).toMatchObject({ action: 'reject', actorId: admin.id, details: { reason: 'Expérience insuffisante' } });
  });

  it('accepts a refusal without a reason, or with an empty body', async () => {
    const a = await createUser(db, { role: 'formateur' });
    const b = await createUser(db, { role: 'formateur' });
    expect((await app.inject({ method: 'POST', url: `/api/admin/users/${a.id}/reject`, headers: adminAuth, payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/admin/users/${b.id}/reject`, headers: adminAuth })).statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, a.id));
    expect(row!.rejectionReason).toBeNull();
  });

  it('accepts a reason of 1000 characters and refuses 1001', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    const ok = await app.inject({ method: 'POST', url: `/api/admin/users/${trainer.id}/reject`, headers: adminAuth, payload: { reason: 'é'.repeat(1000) } });
    expect(ok.statusCode).toBe(200);
    const other = await createUser(db, { role: 'formateur' });
    const tooLong = await app.inject({ method: 'POST', url: `/api/admin/users/${other.id}/reject`, headers: adminAuth, payload: { reason: 'a'.repeat(1001) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.reason).toEqual(['Le motif ne peut pas dépasser 1000 caractères.']);
    const [row] = await db.select().from(users).where(eq(users.id, other.id));
    expect(row!.rejectedAt).toBeNull();
  });

  it("refuses to reject someone who is not a trainer", async () => {
    const member = await createUser(db, { role: 'membre' });
    const res = await app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/reject`, headers: adminAuth, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Seule la candidature d'un formateur peut être rejetée.");
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ isValid: true, rejectedAt: null });
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers the user with their history of administrator actions, newest first', async () => {
    const trainer = await createUser(db, { role: 'formateur', firstname: 'Inès', lastname: 'Détail' });
    await app.inject({ method: 'POST', url: `/api/admin/users/${trainer.id}/reject`, headers: adminAuth, payload: { reason: 'À revoir' } });
    await app.inject({ method: 'PUT', url: `/api/admin/users/${trainer.id}/status`, headers: adminAuth, payload: { is_valid: true } });
    const res = await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const detail: AdminUserDetail = res.json();
    expect(detail).toMatchObject({ id: trainer.id, name: 'Inès Détail', is_valid: true, cv: false, cv_original_name: null, rejection_reason: null });
    expect(detail.audit.map((a) => a.action)).toEqual(['approve', 'reject']);
    expect(detail.audit[1]).toMatchObject({ actor_name: 'Alice Admin', details: { reason: 'À revoir' } });
    expect(Date.parse(detail.audit[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(detail.audit[1]!.created_at));
  });

  it('shows at most 50 history entries', async () => {
    const user = await createUser(db);
    await db.insert(auditLog).values(
      Array.from({ length: 55 }, (_, i) => ({ actorId: admin.id, targetId: user.id, targetLabel: 'x', action: 'update' as const, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })),
    );
    const detail: AdminUserDetail = (await app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers: adminAuth })).json();
    expect(detail.audit).toHaveLength(50);
    expect(detail.audit[0]!.created_at).toBe(new Date(Date.UTC(2025, 0, 1, 0, 54)).toISOString());
  });

  it("names a deleted administrator's actions as unknown", async () => {
    const formerAdmin = await createUser(db, { role: 'admin' });
    const user = await createUser(db, { role: 'formateur' });
    await app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/status`, headers: await authHeader(db, formerAdmin), payload: { is_valid: true } });
    await app.inject({ method: 'DELETE', url: `/api/admin/users/${formerAdmin.id}`, headers: adminAuth });
    const detail: AdminUserDetail = (await app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers: adminAuth })).json();
    expect(detail.audit).toEqual([expect.objectContaining({ action: 'approve', actor_name: null })]);
  });

  it("answers 404 'Utilisateur introuvable' for an unknown id and 422 for a non-numeric one", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/users/987654', headers: adminAuth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Utilisateur introuvable');
    expect((await app.inject({ method: 'GET', url: '/api/admin/users/1x', headers: adminAuth })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/admin/users/-3', headers: adminAuth })).statusCode).toBe(422);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('changes personal information, keeps the search in step and records which fields changed', async () => {
    const user = await createUser(db, { firstname: 'Paul', lastname: 'Ancien' });
    const email = `${tag()}@exemple.fr`;
    const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}`, headers: adminAuth, payload: { ...validUpdate, email: `  ${email.toUpperCase()} ` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstname: 'Hélène',
      lastname: 'Dupré',
      email,
      phone_number: '+33 6 12 34 56 78',
      gender: 'female',
      birthdate: '1985-03-02',
      country: 'France',
      speciality: 'Biodiversité',
    });
    expect((await list(`?q=${encodeURIComponent(`helene dupre ${email}`)}`)).users.map((u) => u.id)).toEqual([user.id]);
    expect((await list(`?q=${encodeURIComponent(`paul ancien`)}`)).users.map((u) => u.id)).not.toContain(user.id);
    const [entry] = await auditOf(user.id);
    expect(entry!.action).toBe('update');
    expect(entry!.details).toEqual({ fields: ['firstname', 'lastname', 'email', 'phoneNumber', 'birthdate', 'country', 'speciality'] });
  });

  it('clears optional fields sent empty', async () => {
    const user = await createUser(db, { phoneNumber: '0601020304', country: 'France' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      headers: adminAuth,
      payload: { firstname: 'A', lastname: 'B', email: user.email, phone_number: '', gender: '', birthdate: '', country: '', speciality: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone_number: null, gender: null, birthdate: null, country: null, speciality: null });
  });

  it('refuses an email used by someone else with 409 and changes nothing', async () => {
    const taken = await createUser(db);
    const user = await createUser(db, { firstname: 'Garde' });
    const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}`, headers: adminAuth, payload: { ...validUpdate, email: taken.email.toUpperCase() } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'email_taken', message: 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.' });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstname).toBe('Garde');
    // Keeping one's own email is not a conflict.
    const same = await app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}`, headers: adminAuth, payload: { ...validUpdate, email: user.email } });
    expect(same.statusCode).toBe(200);
  });

  it('refuses bad fields with the signup messages', async () => {
    const user = await createUser(db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstname: '  ' }, 'firstname', 'Le prénom est obligatoire.'],
      [{ lastname: '' }, 'lastname', 'Le nom est obligatoire.'],
      [{ email: '' }, 'email', "L'adresse e-mail est obligatoire."],
      [{ email: 'pas un email' }, 'email', "Format d'adresse e-mail invalide."],
      [{ phone_number: '12ab' }, 'phone_number', 'Numéro de téléphone non valide.'],
      [{ birthdate: '2001-02-30' }, 'birthdate', 'Date de naissance non valide.'],
      [{ birthdate: '2999-01-01' }, 'birthdate', 'La date de naissance doit être dans le passé.'],
      [{ gender: 'other' }, 'gender', 'Le genre doit être Femme ou Homme.'],
      [{ firstname: 'x'.repeat(101) }, 'firstname', 'Le prénom ne doit pas dépasser 100 caractères.'],
      [{ country: 'x'.repeat(101) }, 'country', 'Ce champ ne doit pas dépasser 100 caractères.'],
      [{ lastname: 'Martin\u202Eelli' }, 'lastname', INVISIBLE_CHARACTERS],
      [{ country: 'Fr\u200Bance' }, 'country', INVISIBLE_CHARACTERS],
      [{ speciality: 'Éco\u2029logie' }, 'speciality', INVISIBLE_CHARACTERS],
    ];
    for (const [change, field, message] of cases) {
      const res = await app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}`, headers: adminAuth, payload: { ...validUpdate, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstname).toBe(user.firstname);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/admin/users/999998', headers: adminAuth, payload: validUpdate });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/admin/users', () => {
  it('creates an account and e-mails its owner a "définissez votre mot de passe" link valid 7 days; nobody knows a password', async () => {
    const email = `${tag()}@exemple.fr`;
    const res = await app.inject({ method: 'POST', url: '/api/admin/users', headers: adminAuth, payload: { firstname: 'Zoé', lastname: 'Créée', email, role: 'organisme' } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.user).toMatchObject({ firstname: 'Zoé', lastname: 'Créée', email, role: 'organisme', is_valid: true, cv: false });
    expect(body.invitation_sent_to).toBe(email);
    expect(JSON.stringify(body)).not.toMatch(/password|token/i);
    const [row] = await db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await list(`?q=${encodeURIComponent('zoe creee')}`)).users.map((u) => u.id)).toContain(body.user.id);
    expect((await auditOf(body.user.id)).map((a) => [a.action, a.details])).toEqual([['create', { role: 'organisme' }]]);

    await mail.deliver();
    const [invitation] = mail.to(email);
    expect(invitation!.subject).toBe('Définissez votre mot de passe EcoForma');
    expect(invitation!.text).toContain('Bonjour Zoé,');
    expect(invitation!.text).toContain('vous a créé un compte (Organisation)');
    expect(invitation!.text).toContain('expire dans 7 jours');
    const token = linkIn(invitation!, '/reinitialiser-mot-de-passe').searchParams.get('token')!;
    const [stored] = await db.select().from(accountTokens).where(eq(accountTokens.userId, body.user.id));
    expect(stored!.purpose).toBe('account_setup');
    expect(Math.round((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 86_400_000)).toBe(7);

    const setup = await app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Premier-passe1' } });
    expect(setup.json()).toEqual({ message: passwordMessages.setupDone });
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Premier-passe1' } })).statusCode).toBe(200);
  });

  it('sends no invitation when the creation is refused', async () => {
    const taken = await createUser(db);
    await app.inject({ method: 'POST', url: '/api/admin/users', headers: adminAuth, payload: { firstname: 'A', lastname: 'B', email: taken.email, role: 'membre' } });
    await mail.deliver();
    expect(mail.to(taken.email)).toEqual([]);
  });

  it('lets the admin choose any role; a trainer still awaits approval', async () => {
    for (const role of ['membre', 'formateur', 'organisme', 'admin'] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/users', headers: adminAuth, payload: { firstname: 'R', lastname: role, email: `${tag()}@exemple.fr`, role } });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ role, is_valid: role !== 'formateur' });
    }
  });

  it('refuses a taken email with 409, an unknown role and missing names with 422', async () => {
    const taken = await createUser(db);
    const dup = await app.inject({ method: 'POST', url: '/api/admin/users', headers: adminAuth, payload: { firstname: 'A', lastname: 'B', email: taken.email, role: 'membre' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_code).toBe('email_taken');
    const bad = await app.inject({ method: 'POST', url: '/api/admin/users', headers: adminAuth, payload: { firstname: '', lastname: '', email: 'x', role: 'chef' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      firstname: ['Le prénom est obligatoire.'],
      lastname: ['Le nom est obligatoire.'],
      email: ["Format d'adresse e-mail invalide."],
      role: ['Veuillez choisir un rôle.'],
    });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the user, their sessions, meetings, courses and files, and keeps a labelled record', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Sup', lastname: 'Primé' });
    await authHeader(db, trainer);
    const cv = await giveCv(trainer, Buffer.from('%PDF-1.4 à supprimer'), 'cv.pdf');
    const image = await placeFile(storage, Buffer.from('png'), 'png');
    const attachment = await placeFile(storage, Buffer.from('pdf'), 'pdf');
    const [course] = await db.insert(courses).values({
      title: 'Cours',
      description: 'Description',
      categorySlug: 'ecologie',
      duration: '4 semaines',
      priceCents: 7000,
      imagePath: image,
      attachmentPath: attachment,
      authorId: trainer.id,
    }).returning();
    // The lesson files too: an administrator's deletion once left them behind (issue 24).
    const video = await placeFile(storage, Buffer.from('mp4'), 'mp4');
    const captions = await placeFile(storage, Buffer.from('WEBVTT'), 'vtt');
    await insertLesson(db, (await insertSection(db, course!.id)).id, { type: 'video', filePath: video, captionsPath: captions });
    await db.insert(meetings).values({ userId: trainer.id, roomName: `del-${tag()}`, url: 'https://meet.jit.si/x', scheduledAt: new Date() });
    const bystander = await createUser(db);
    const keptCv = await giveCv(bystander, Buffer.from('%PDF garder'), 'garder.pdf');

    const res = await app.inject({ method: 'DELETE', url: `/api/admin/users/${trainer.id}`, headers: adminAuth });
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, trainer.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, trainer.id))).toEqual([]);
    expect(await db.select().from(meetings).where(eq(meetings.userId, trainer.id))).toEqual([]);
    expect(await db.select().from(courses).where(eq(courses.authorId, trainer.id))).toEqual([]);
    expect(await fileExists(cv)).toBe(false);
    expect(await fileExists(image)).toBe(false);
    expect(await fileExists(attachment)).toBe(false);
    expect(await fileExists(video)).toBe(false);
    expect(await fileExists(captions)).toBe(false);
    expect(await fileExists(keptCv)).toBe(true);
    const records = await db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
    expect(records.find((r) => r.targetLabel === `Sup Primé <${trainer.email}>`)).toMatchObject({ actorId: admin.id, details: { user_id: trainer.id, role: 'formateur' } });
  });

  it('refuses that an admin deletes themself, and an unknown user', async () => {
    const self = await app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, headers: adminAuth });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('Vous ne pouvez pas supprimer votre propre compte.');
    expect(await db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/users/999997', headers: adminAuth })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/users/:id/cv', () => {
  it('returns the uploaded bytes as an attachment under the original name, with nosniff', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096)]);
    await giveCv(trainer, bytes, 'CV Élodie été.pdf');
    const res = await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}/cv`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CV Elodie ete.pdf"; filename*=UTF-8''${encodeURIComponent('CV Élodie été.pdf')}`);
    expect((await auditOf(trainer.id)).map((a) => [a.action, a.actorId])).toEqual([['cv_download', admin.id]]);
  });

  it('names the file cv.pdf when the original name is unknown, with the stored type', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    await giveCv(trainer, Buffer.from('doc'), '', 'application/msword');
    const res = await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}/cv`, headers: adminAuth });
    expect(res.headers['content-disposition']).toContain('filename="cv.pdf"');
    expect(res.headers['content-type']).toBe('application/msword');
  });

  it('answers 404 when the user has no CV, or its file is gone', async () => {
    const member = await createUser(db);
    const none = await app.inject({ method: 'GET', url: `/api/admin/users/${member.id}/cv`, headers: adminAuth });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Cet utilisateur n'a pas déposé de CV.");
    const trainer = await createUser(db, { role: 'formateur' });
    const stored = await giveCv(trainer, Buffer.from('x'), 'cv.pdf');
    await removeKeptFile(storage, stored);
    expect((await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}/cv`, headers: adminAuth })).statusCode).toBe(404);
    expect(await auditOf(trainer.id)).toEqual([]);
  });

  it('has no token-in-URL variant', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    await giveCv(trainer, Buffer.from('%PDF'), 'cv.pdf');
    const token = adminAuth.authorization.replace('Bearer ', '');
    expect((await app.inject({ method: 'GET', url: `/api/users/${trainer.id}/cv?token=${token}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}/cv?token=${token}` })).statusCode).toBe(401);
  });
});
