import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUsersResponse } from '../../../shared/admin';
import { MEETING_ROOM_OPEN_AFTER_MS, MEETING_ROOM_OPENS_BEFORE_MS, type MeetingDetail, type UserMeetingResponse } from '../../../shared/meetings';
import type { Profile } from '../../../shared/profile';
import type { TrainerStatus } from '../../../shared/trainers';
import { auditLog, meetings } from '../../db/schema';
import { latestMeeting } from './latest-meeting';
import { meetingRoomName } from './meetings.service';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, insertMeeting } from '../../test/factories';

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
      // The interview exists already: the admin's POST moves it.
      { method: 'POST' as const, url: `/api/admin/users/${trainer.id}/meeting`, payload: { meeting_date: tomorrow() }, adminStatus: 200 },
      { method: 'GET' as const, url: `/api/admin/users/${trainer.id}/meeting`, payload: undefined, adminStatus: 200 },
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
    // The refused calls created nothing: the admin's one interview exists (the second POST was not needed).
    expect(await db.select().from(meetings).where(eq(meetings.userId, trainer.id))).toHaveLength(1);
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
    expect(body.moved).toBe(false);
    expect(body.meeting_url).toMatch(new RegExp(`^https://meet\\.jit\\.si/EcoForma-${trainer.id}-\\d{13}-[0-9a-f]{16}$`));
    const [row] = await db.select().from(meetings).where(eq(meetings.id, body.meeting_id));
    expect(row).toMatchObject({ userId: trainer.id, createdById: admin.id, url: body.meeting_url });
    expect(row!.roomName).toMatch(roomPattern(trainer.id));
    expect(row!.scheduledAt.toISOString()).toBe(date);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, trainer.id));
    expect(entry).toMatchObject({ action: 'meeting', actorId: admin.id, details: { meeting_id: body.meeting_id, meeting_date: date } });
  });

  it('refuses to invent a date: an empty body, null or {} answer 422 and write nothing', async () => {
    const user = await createUser(db, { role: 'formateur' });
    const cases: { payload?: unknown; headers?: Record<string, string> }[] = [{}, { payload: {} }, { payload: 'null', headers: { 'content-type': 'application/json' } }];
    for (const { payload, headers } of cases) {
      const res = await app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/meeting`, headers: { ...adminAuth, ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({
        error_code: 'validation_failed',
        message: 'Certaines informations sont invalides.',
        errors: { meeting_date: ['La date de la réunion est obligatoire.'] },
      });
    }
    expect(await db.select().from(meetings).where(eq(meetings.userId, user.id))).toEqual([]);
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).toEqual([]);
  });

  it('moves an interview that is not over: same record, same room, 200, the move in the history', async () => {
    const trainer = await createUser(db, { role: 'formateur', lastname: 'Déplacé' });
    const firstDate = tomorrow();
    const first = await schedule(trainer.id, { meeting_date: firstDate });
    expect(first.statusCode).toBe(201);
    expect(first.json().moved).toBe(false);
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const second = await schedule(trainer.id, { meeting_date: later });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ meeting_id: first.json().meeting_id, meeting_url: first.json().meeting_url, meeting_date: later, moved: true });
    const rows = await db.select().from(meetings).where(eq(meetings.userId, trainer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scheduledAt.toISOString()).toBe(later);
    // In the order written: without an ORDER BY, a table's rows may come back in any order.
    const entries = await db.select().from(auditLog).where(eq(auditLog.targetId, trainer.id)).orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.details)).toEqual([
      { meeting_id: first.json().meeting_id, meeting_date: firstDate },
      { meeting_id: first.json().meeting_id, meeting_date: later, previous_date: firstDate },
    ]);
  });

  it('moves an interview under way too, but creates a new one once the last is over, keeping the history', async () => {
    const trainer = await createUser(db, { role: 'formateur', lastname: 'Historique' });
    const underWay = await insertMeeting(db, trainer.id, { scheduledAt: new Date(Date.now() - MEETING_ROOM_OPEN_AFTER_MS + 60_000) });
    const moved = await schedule(trainer.id, { meeting_date: tomorrow() });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().meeting_id).toBe(underWay.id);

    const other = await createUser(db, { role: 'formateur' });
    const over = await insertMeeting(db, other.id, { scheduledAt: new Date(Date.now() - MEETING_ROOM_OPEN_AFTER_MS - 60_000), createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000) });
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const created = await schedule(other.id, { meeting_date: later });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ moved: false, meeting_date: later });
    expect(body.meeting_id).not.toBe(over.id);
    expect(body.meeting_url).not.toBe(over.url);
    expect(await db.select().from(meetings).where(eq(meetings.userId, other.id))).toHaveLength(2);
    expect(await latestMeeting(db, other.id)).toEqual({ id: body.meeting_id, date: later, url: body.meeting_url });
    const detail: AdminUserDetail = (await app.inject({ method: 'GET', url: `/api/admin/users/${other.id}`, headers: adminAuth })).json();
    expect(detail).toMatchObject({ meeting_date: later, meeting_url: body.meeting_url, meeting_id: body.meeting_id });
    const listed: AdminUsersResponse = (await app.inject({ method: 'GET', url: `/api/admin/dashboard?q=${other.email}`, headers: adminAuth })).json();
    expect(listed.users[0]).toMatchObject({ meeting_date: later, meeting_url: body.meeting_url, meeting_id: body.meeting_id });
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

/** Everything a visit could have written: interviews and the history of actions. */
async function writes() {
  return { meetings: await db.select().from(meetings), audit: await db.select().from(auditLog) };
}

describe('GET /api/admin/users/:id/meeting (what the meeting page opens)', () => {
  it('answers the interview that is not over, and writes nothing however often it is visited', async () => {
    const trainer = await createUser(db, { role: 'formateur', firstname: 'Léa', lastname: 'Visite' });
    const created = (await schedule(trainer.id, { meeting_date: tomorrow() })).json();
    const before = await writes();
    for (let visit = 0; visit < 3; visit++) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/users/${trainer.id}/meeting`, headers: adminAuth });
      expect(res.statusCode).toBe(200);
      const body: UserMeetingResponse = res.json();
      expect(body.user).toEqual({ id: trainer.id, firstname: 'Léa', lastname: 'Visite', email: trainer.email });
      expect(body.meeting).toMatchObject({ id: created.meeting_id, url: created.meeting_url, meeting_date: created.meeting_date });
    }
    expect(await writes()).toEqual(before);
  });

  it('answers meeting null, and writes nothing, with no interview or only one that is over', async () => {
    const nobody = await createUser(db, { role: 'formateur' });
    const past = await createUser(db, { role: 'formateur' });
    await insertMeeting(db, past.id, { scheduledAt: new Date(Date.now() - MEETING_ROOM_OPEN_AFTER_MS - 60_000) });
    const before = await writes();
    for (const user of [nobody, past]) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/meeting`, headers: adminAuth });
      expect(res.statusCode).toBe(200);
      expect(res.json().meeting).toBeNull();
    }
    expect(await writes()).toEqual(before);
  });

  it("answers 404 'Utilisateur introuvable' for an unknown user", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/users/987654/meeting', headers: adminAuth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Utilisateur introuvable');
  });
});

describe('the room is handed to the trainer only while it is open', () => {
  const minute = 60_000;
  /** Interview times relative to now, and whether the trainer may have the room's address. */
  const cases = [
    { label: 'tomorrow', offset: 24 * 60 * minute, open: false },
    { label: 'a minute before the room opens', offset: MEETING_ROOM_OPENS_BEFORE_MS + minute, open: false },
    { label: 'a minute after the room opened', offset: MEETING_ROOM_OPENS_BEFORE_MS - minute, open: true },
    { label: 'started an hour ago', offset: -60 * minute, open: true },
    { label: 'over for a minute', offset: -MEETING_ROOM_OPEN_AFTER_MS - minute, open: false },
  ];

  for (const { label, offset, open } of cases) {
    it(`${open ? 'gives' : 'withholds'} the address when the interview is ${label}; an admin always has it`, async () => {
      const trainer = await createUser(db, { role: 'formateur' });
      const meeting = await insertMeeting(db, trainer.id, { scheduledAt: new Date(Date.now() + offset) });
      const trainerAuth = await authHeader(db, trainer);
      const expected = open ? meeting.url : null;

      const profile: Profile = (await app.inject({ method: 'GET', url: '/api/user/profile', headers: trainerAuth })).json();
      expect(profile.meeting_date).toBe(meeting.scheduledAt.toISOString());
      expect(profile.meeting_url).toBe(expected);

      const status: TrainerStatus = (await app.inject({ method: 'GET', url: `/api/formateur/${trainer.id}/status`, headers: trainerAuth })).json();
      expect(status.meeting).toEqual({ date: meeting.scheduledAt.toISOString(), url: expected });
      expect(status.state).toBe('interview_scheduled');

      const asAdmin: TrainerStatus = (await app.inject({ method: 'GET', url: `/api/formateur/${trainer.id}/status`, headers: adminAuth })).json();
      expect(asAdmin.meeting?.url).toBe(meeting.url);
      const adminView = await app.inject({ method: 'GET', url: `/api/admin/meetings/${meeting.id}`, headers: adminAuth });
      expect(adminView.json().url).toBe(meeting.url);
    });
  }
});
