import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUsersResponse } from '../../../shared/admin';
import type { MeetingDetail } from '../../../shared/meetings';
import { auditLog, meetings } from '../../db/schema';
import { latestMeeting } from '../../lib/meetings';
import { meetingRoomName } from './meetings.service';
import { createTestApp } from '../../test/app';
import { authHeader, createUser } from '../../test/factories';

const { app, db, config } = await createTestApp();

const admin = await createUser(db, { role: 'admin', firstname: 'Alice', lastname: 'Admin' });
const adminAuth = await authHeader(db, admin);

/** EcoForma-{userId}-{timestamp}-{16 hex}: the spec's shape plus a part nobody can guess. */
function roomPattern(userId: number): RegExp {
  return new RegExp(`^EcoForma-${userId}-\\d{13}-[0-9a-f]{16}$`);
}

function tomorrow(): string {
  return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
}

async function schedule(userId: number, payload?: object) {
  return app.inject({ method: 'POST', url: `/api/admin/users/${userId}/meeting`, headers: adminAuth, ...(payload ? { payload } : {}) });
}

describe('access to the meeting routes', () => {
  it('401 anonymous, 403 membre, organisme and formateurs, allowed for an admin', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    const created = await schedule(trainer.id, { meeting_date: tomorrow() });
    const meetingId = created.json().meeting_id;
    const callers: Record<string, Record<string, string>> = {
      anonyme: {},
      membre: await authHeader(db, await createUser(db, { role: 'membre' })),
      organisme: await authHeader(db, await createUser(db, { role: 'organisme' })),
      'formateur non approuvé': await authHeader(db, trainer),
      'formateur approuvé': await authHeader(db, await createUser(db, { role: 'formateur', isValid: true })),
    };
    const routes = [
      { method: 'POST' as const, url: `/api/admin/users/${trainer.id}/meeting`, payload: { meeting_date: tomorrow() }, adminStatus: 201 },
      { method: 'POST' as const, url: `/api/admin/users/${trainer.id}/meeting`, payload: undefined, adminStatus: 201 },
      { method: 'GET' as const, url: `/api/admin/meetings/${meetingId}`, payload: undefined, adminStatus: 200 },
    ];
    for (const route of routes) {
      for (const [role, headers] of Object.entries(callers)) {
        const res = await app.inject({ method: route.method, url: route.url, headers, ...(route.payload ? { payload: route.payload } : {}) });
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe(role === 'anonyme' ? 401 : 403);
      }
      const res = await app.inject({ method: route.method, url: route.url, headers: adminAuth, ...(route.payload ? { payload: route.payload } : {}) });
      expect(res.statusCode).toBe(route.adminStatus);
    }
    // The refused calls created nothing: only the admin's three meetings exist.
    expect(await db.select().from(meetings).where(eq(meetings.userId, trainer.id))).toHaveLength(3);
  });
});

describe('POST /api/admin/users/:id/meeting', () => {
  it('schedules an interview at the given date, on JITSI_DOMAIN, in an unguessable room', async () => {
    const trainer = await createUser(db, { role: 'formateur' });
    const date = tomorrow();
    const res = await schedule(trainer.id, { meeting_date: date });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.meeting_date).toBe(date);
    expect(body.meeting_url).toMatch(new RegExp(`^https://meet\\.jit\\.si/EcoForma-${trainer.id}-\\d{13}-[0-9a-f]{16}$`));
    const [row] = await db.select().from(meetings).where(eq(meetings.id, body.meeting_id));
    expect(row).toMatchObject({ userId: trainer.id, createdById: admin.id, url: body.meeting_url });
    expect(row!.roomName).toMatch(roomPattern(trainer.id));
    expect(row!.scheduledAt.toISOString()).toBe(date);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, trainer.id));
    expect(entry).toMatchObject({ action: 'meeting', actorId: admin.id, details: { meeting_id: body.meeting_id, meeting_date: date } });
  });

  it('opens a meeting now with an empty body or {}', async () => {
    const user = await createUser(db, { role: 'formateur' });
    for (const payload of [undefined, {}]) {
      const before = Date.now();
      const res = await schedule(user.id, payload);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.meeting_id).toEqual(expect.any(Number));
      expect(body.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/EcoForma-/);
      expect(Date.parse(body.meeting_date)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(body.meeting_date)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('keeps every meeting; the latest one is what the user, the dashboard and the status show', async () => {
    const trainer = await createUser(db, { role: 'formateur', lastname: 'Historique' });
    const first = (await schedule(trainer.id, { meeting_date: tomorrow() })).json();
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const second = (await schedule(trainer.id, { meeting_date: later })).json();
    expect(second.meeting_url).not.toBe(first.meeting_url);
    expect(await db.select().from(meetings).where(eq(meetings.userId, trainer.id))).toHaveLength(2);
    expect(await latestMeeting(db, trainer.id)).toEqual({ id: second.meeting_id, date: later, url: second.meeting_url });
    const detail: AdminUserDetail = (await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}`, headers: adminAuth })).json();
    expect(detail).toMatchObject({ meeting_date: later, meeting_url: second.meeting_url, meeting_id: second.meeting_id });
    const listed: AdminUsersResponse = (await app.inject({ method: 'GET', url: `/api/admin/dashboard?q=${trainer.email}`, headers: adminAuth })).json();
    expect(listed.users[0]).toMatchObject({ meeting_date: later, meeting_url: second.meeting_url, meeting_id: second.meeting_id });
  });

  it('counts the user in the dashboard meetings counter', async () => {
    const before: AdminUsersResponse = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: adminAuth })).json();
    const user = await createUser(db, { role: 'formateur' });
    await schedule(user.id, { meeting_date: tomorrow() });
    const after: AdminUsersResponse = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: adminAuth })).json();
    expect(after.counters.meetings).toBe(before.counters.meetings + 1);
  });

  it('refuses a date in the past with a French message, and accepts one a minute ago', async () => {
    const user = await createUser(db, { role: 'formateur' });
    const res = await schedule(user.id, { meeting_date: new Date(Date.now() - 60 * 60 * 1000).toISOString() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error_code: 'validation_failed',
      message: 'La date de la réunion ne peut pas être dans le passé.',
      errors: { meeting_date: ['La date de la réunion ne peut pas être dans le passé.'] },
    });
    expect(await db.select().from(meetings).where(eq(meetings.userId, user.id))).toEqual([]);
    // The admin picks hours and minutes: "now" in the current minute is not the past.
    expect((await schedule(user.id, { meeting_date: new Date(Date.now() - 60 * 1000).toISOString() })).statusCode).toBe(201);
  });

  it('refuses something that is not an ISO date', async () => {
    const user = await createUser(db, { role: 'formateur' });
    for (const meeting_date of ['demain', '2030-13-45T10:00:00Z', '12/05/2030', 42, '']) {
      const res = await schedule(user.id, { meeting_date });
      expect(res.statusCode, String(meeting_date)).toBe(422);
      expect(res.json().errors.meeting_date).toEqual(['La date de la réunion est invalide.']);
    }
    expect(await db.select().from(meetings).where(eq(meetings.userId, user.id))).toEqual([]);
  });

  it("answers 404 'Utilisateur introuvable' for an unknown user", async () => {
    const res = await schedule(999_999, { meeting_date: tomorrow() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Utilisateur introuvable');
  });

  it('uses MEETING_ROOM_PREFIX and never repeats a room', () => {
    const names = new Set(Array.from({ length: 100 }, () => meetingRoomName({ meetingRoomPrefix: 'Ecole' }, 7, 1_700_000_000_000)));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^Ecole-7-1700000000000-[0-9a-f]{16}$/);
  });
});

describe('GET /api/admin/meetings/:meetingId', () => {
  it('answers the room, its Jitsi domain and who the meeting is with', async () => {
    const trainer = await createUser(db, { role: 'formateur', firstname: 'Noé', lastname: 'Réunion' });
    const created = (await schedule(trainer.id, { meeting_date: tomorrow() })).json();
    const res = await app.inject({ method: 'GET', url: `/api/admin/meetings/${created.meeting_id}`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const detail: MeetingDetail = res.json();
    expect(detail).toEqual({
      id: created.meeting_id,
      room_name: created.meeting_url.replace('https://meet.jit.si/', ''),
      url: created.meeting_url,
      meeting_date: created.meeting_date,
      jitsi_domain: config.jitsiDomain,
      user: { id: trainer.id, firstname: 'Noé', lastname: 'Réunion', email: trainer.email },
    });
  });

  it('answers 404 for an unknown meeting and 422 for a non-numeric id', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/admin/meetings/987654', headers: adminAuth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Réunion introuvable');
    expect((await app.inject({ method: 'GET', url: '/api/admin/meetings/abc', headers: adminAuth })).statusCode).toBe(422);
  });
});
