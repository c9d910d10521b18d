import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../../shared/account';
import { normalizeSearch } from '../../../shared/text';
import { meetings, sessions, users, type UserRow } from '../../db/schema';
import { latestMeeting } from '../meetings';
import { sessionParams } from '../../lib/sessions';
import { profileBySessionStatement } from './profile.service';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../test/factories';

const { app, db } = await createTestApp();

function email(prefix = 'profil'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@exemple.fr`;
}

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, { email: email(), phoneNumber: '06 12 34 56 78', ...overrides });
  return { user, headers: await authHeader(db, user) };
}

function getProfile(headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/user/profile', headers });
}

function putProfile(headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload });
}

/** The spec's payload, as the profile form sends it, built from the current row. */
function formPayload(user: UserRow, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: user.firstname,
    lastName: user.lastname,
    phoneNumber: user.phoneNumber ?? '',
    email: user.email,
    birthDate: user.birthdate,
    gender: user.gender,
    meeting_date: null,
    meeting_url: null,
    is_valid: user.isValid,
    ...overrides,
  };
}

async function addMeeting(userId: number, scheduledAt: Date, createdAt: Date, url: string) {
  await db.insert(meetings).values({ userId, roomName: `EcoForma-${userId}-${randomBytes(6).toString('hex')}`, url, scheduledAt, createdAt });
}

describe('GET /api/user/profile', () => {
  it('answers the caller’s own profile with no meeting', async () => {
    const { user, headers } = await signedIn({ firstname: 'Zoé', lastname: 'Lefèvre', gender: 'female', birthdate: '1988-11-02' });
    const res = await getProfile(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      role: 'membre',
      firstname: 'Zoé',
      lastname: 'Lefèvre',
      phone_number: '06 12 34 56 78',
      email: user.email,
      birthdate: '1988-11-02',
      gender: 'female',
      meeting_date: null,
      meeting_url: null,
      is_valid: true,
      email_confirmed: true,
    });
  });

  it('reads through the one statement the bench’s bare route runs, with the same parameters (issue 30)', async () => {
    const { user, headers } = await signedIn();
    const execute = vi.spyOn(profileBySessionStatement(db), 'execute');
    try {
      const res = await getProfile(headers);
      expect(res.json().id).toBe(user.id);
      expect(execute).toHaveBeenCalledTimes(1);
      expect(execute).toHaveBeenCalledWith(sessionParams(headers.authorization.replace('Bearer ', '')));
    } finally {
      execute.mockRestore();
    }
  });

  it('says when the address waits for its confirmation', async () => {
    const { headers } = await signedIn({ emailConfirmedAt: null });
    expect((await getProfile(headers)).json().email_confirmed).toBe(false);
  });

  it('answers the latest meeting, as latestMeeting chooses it', async () => {
    const { user, headers } = await signedIn({ role: 'formateur' });
    // In five minutes: its room is open, so the address is handed out (meetings.test.ts covers the window).
    const older = new Date(Math.floor(Date.now() / 1000) * 1000 + 5 * 60_000);
    const newer = new Date('2030-02-20T14:30:00.000Z');
    await addMeeting(user.id, newer, new Date(Date.now() - 60_000), 'https://meet.jit.si/EcoForma-ancien');
    await addMeeting(user.id, older, new Date(), 'https://meet.jit.si/EcoForma-recent');
    const body = (await getProfile(headers)).json();
    expect(body).toMatchObject({ meeting_date: older.toISOString(), meeting_url: 'https://meet.jit.si/EcoForma-recent', is_valid: false, role: 'formateur' });
    const latest = await latestMeeting(db, user.id);
    expect({ date: body.meeting_date, url: body.meeting_url }).toEqual({ date: latest!.date, url: latest!.url });
  });

  it('never shows another user’s meeting', async () => {
    const other = await signedIn({ role: 'formateur' });
    await addMeeting(other.user.id, new Date('2030-03-01T10:00:00Z'), new Date(), 'https://meet.jit.si/EcoForma-autre');
    const { headers } = await signedIn({ role: 'formateur' });
    expect((await getProfile(headers)).json()).toMatchObject({ meeting_date: null, meeting_url: null });
  });

  it('answers 401 invalid_token without a session', async () => {
    const res = await getProfile({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error_code: 'invalid_token', message: 'Votre session a expiré. Veuillez vous reconnecter.' });
  });

  // The profile is read with the session in one query (decision 028): the session rules still hold.
  it('answers 401 for an expired or revoked token, and for a disabled account', async () => {
    const expired = await signedIn();
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, expired.user.id));
    expect((await getProfile(expired.headers)).statusCode).toBe(401);
    const revoked = await signedIn();
    await db.delete(sessions).where(eq(sessions.userId, revoked.user.id));
    expect((await getProfile(revoked.headers)).statusCode).toBe(401);
    const disabled = await signedIn({ role: 'membre', isValid: true });
    expect((await getProfile(disabled.headers)).statusCode).toBe(200);
    await db.update(users).set({ isValid: false }).where(eq(users.id, disabled.user.id));
    expect((await getProfile(disabled.headers)).statusCode).toBe(401);
    expect((await getProfile({ authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it('works for an administrator without birth date or gender', async () => {
    const { headers } = await signedIn({ role: 'admin', birthdate: null, gender: null, phoneNumber: null });
    expect((await getProfile(headers)).json()).toMatchObject({ role: 'admin', birthdate: null, gender: null, phone_number: null });
  });
});

describe('PUT /api/user/profile', () => {
  it('saves the changes and answers the updated profile', async () => {
    const { user, headers } = await signedIn();
    const res = await putProfile(
      headers,
      formPayload(user, {
        firstName: 'Jeanne',
        lastName: 'Dupont',
        phoneNumber: '+33 7 11 22 33 44',
        // The same address, as typed: unchanged.
        email: `  ${user.email.toUpperCase()} `,
        birthDate: '1975-03-04',
        gender: 'male',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      role: 'membre',
      firstname: 'Jeanne',
      lastname: 'Dupont',
      phone_number: '+33 7 11 22 33 44',
      email: user.email,
      birthdate: '1975-03-04',
      gender: 'male',
      meeting_date: null,
      meeting_url: null,
      is_valid: true,
      email_confirmed: true,
    });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.searchText).toBe(normalizeSearch(`Jeanne Dupont ${user.email}`));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
    expect((await getProfile(headers)).json().firstname).toBe('Jeanne');
  });

  it('ignores is_valid, meeting_date and meeting_url: nobody approves themselves', async () => {
    const { user, headers } = await signedIn({ role: 'formateur', isValid: false });
    const res = await putProfile(
      headers,
      formPayload(user, { is_valid: true, meeting_date: '2030-01-01T10:00:00Z', meeting_url: 'https://exemple.fr/piege' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_valid: false, meeting_date: null, meeting_url: null });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isValid).toBe(false);
    const [meetingRows] = await db.select({ n: count() }).from(meetings).where(eq(meetings.userId, user.id));
    expect(Number(meetingRows!.n)).toBe(0);
  });

  it('never re-enables a disabled member, whatever is_valid says', async () => {
    const { user, headers } = await signedIn({ role: 'membre' });
    await db.update(users).set({ isValid: false }).where(eq(users.id, user.id));
    // Whether the disabled account's session still answers or not, the account stays disabled.
    await putProfile(headers, formPayload(user, { is_valid: true }));
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isValid).toBe(false);
  });

  it('keeps the phone optional: an empty one is stored as null', async () => {
    const { user, headers } = await signedIn();
    for (const phoneNumber of ['', null, undefined]) {
      const res = await putProfile(headers, formPayload(user, { phoneNumber }));
      expect(res.statusCode).toBe(200);
      expect(res.json().phone_number).toBeNull();
    }
  });

  it('stores accents, quotes, emoji and HTML exactly as written', async () => {
    const { user, headers } = await signedIn();
    const firstName = `Anaïs "Ça va" l'Écolo 🌍`;
    const lastName = `<b onmouseover="alert(1)">Gras</b> & <script>alert(2)</script>`;
    const res = await putProfile(headers, formPayload(user, { firstName, lastName }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstname: firstName, lastname: lastName });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect([row!.firstname, row!.lastname]).toEqual([firstName, lastName]);
  });

  it('never moves the login e-mail, with or without the password: a link sent to the new address does (decision 021)', async () => {
    const other = await createUser(db, { email: email('pris') });
    const { user, headers } = await signedIn();
    for (const next of [email('nouvelle'), other.email.toUpperCase()]) {
      const res = await putProfile(headers, formPayload(user, { email: next, firstName: 'Changé', currentPassword: DEFAULT_PASSWORD }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { email: [accountMessages.emailChangeElsewhere] } });
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect([row!.email, row!.firstname]).toEqual([user.email, user.firstname]);
  });

  it('accepts keeping one’s own email', async () => {
    const { user, headers } = await signedIn();
    expect((await putProfile(headers, formPayload(user, { email: user.email.toUpperCase() }))).statusCode).toBe(200);
  });

  it('changes nobody else', async () => {
    const other = await createUser(db, { email: email('temoin'), firstname: 'Témoin' });
    const { user, headers } = await signedIn();
    await putProfile(headers, formPayload(user, { firstName: 'Modifié' }));
    const [row] = await db.select().from(users).where(eq(users.id, other.id));
    expect(row!.firstname).toBe('Témoin');
  });

  describe('validates like signup', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['firstName', { firstName: '' }, 'Le prénom est obligatoire.', 'validation_failed'],
      ['firstName', { firstName: 'a'.repeat(101) }, 'Le prénom ne doit pas dépasser 100 caractères.', 'validation_failed'],
      ['lastName', { lastName: '  ' }, 'Le nom est obligatoire.', 'validation_failed'],
      ['lastName', { lastName: 'a'.repeat(101) }, 'Le nom ne doit pas dépasser 100 caractères.', 'validation_failed'],
      ['email', { email: '' }, "L'adresse e-mail est obligatoire.", 'validation_failed'],
      ['email', { email: 'pas-une-adresse' }, "Format d'adresse e-mail invalide.", 'validation_failed'],
      ['birthDate', { birthDate: '' }, 'La date de naissance est obligatoire.', 'validation_failed'],
      ['birthDate', { birthDate: '2001-02-29' }, 'Date de naissance non valide.', 'invalid_date'],
      ['birthDate', { birthDate: '2999-01-01' }, 'La date de naissance doit être dans le passé.', 'invalid_date'],
      ['gender', { gender: '' }, 'Le genre est obligatoire.', 'validation_failed'],
      ['gender', { gender: 'x' }, 'Le genre doit être Femme ou Homme.', 'validation_failed'],
      ['phoneNumber', { phoneNumber: '12 34' }, 'Numéro de téléphone non valide.', 'invalid_phone'],
    ];
    for (const [field, change, message, code] of cases) {
      it(`refuses ${field} = ${JSON.stringify(Object.values(change)[0]).slice(0, 30)} (${code})`, async () => {
        const { user, headers } = await signedIn();
        const res = await putProfile(headers, formPayload(user, change));
        expect(res.statusCode).toBe(422);
        expect(res.json().error_code).toBe(code);
        expect(res.json().errors).toEqual({ [field]: [message] });
        const [row] = await db.select().from(users).where(eq(users.id, user.id));
        expect(row).toEqual(user);
      });
    }

    it('accepts the edges: 100-character names, 1900-01-01, an international number', async () => {
      const { user, headers } = await signedIn();
      const res = await putProfile(
        headers,
        formPayload(user, { firstName: 'a'.repeat(100), lastName: 'b'.repeat(100), birthDate: '1900-01-01', phoneNumber: '+44 20 7946 0958' }),
      );
      expect(res.statusCode).toBe(200);
    });
  });

  it('answers malformed JSON with 400 and a 2 MB body with 413', async () => {
    const { headers } = await signedIn();
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe('invalid_request');
    const big = await putProfile(headers, { firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_code).toBe('payload_too_large');
  });

  it('answers 401 invalid_token without a session', async () => {
    const res = await putProfile({}, { firstName: 'Camille' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('invalid_token');
  });
});
