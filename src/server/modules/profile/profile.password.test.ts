import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { passwordMessages } from '../../../shared/password';
import { profileMessages } from '../../../shared/profile';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../test/factories';

const ctx = await createTestApp();
const { app, db } = ctx;
const mail = await catchMail(ctx);

const change = (headers: Record<string, string>, payload: object) => app.inject({ method: 'PUT', url: '/api/user/password', headers, payload });
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const profile = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/user/profile', headers });

describe('PUT /api/user/password', () => {
  it('changes the password with the current one, ends the other sessions, keeps this one and e-mails the owner', async () => {
    const user = await createUser(db, { firstname: 'Lina' });
    const here = await authHeader(db, user);
    const elsewhere = await authHeader(db, user);
    const res = await change(here, { currentPassword: DEFAULT_PASSWORD, password: 'Nouveau-passe9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: passwordMessages.changed });
    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(elsewhere)).statusCode).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'Nouveau-passe9')).statusCode).toBe(200);
    await mail.deliver();
    expect(mail.to(user.email).map((m) => m.subject)).toEqual(['Votre mot de passe EcoForma a été modifié']);
  });

  it('refuses a wrong current password with 422 and changes nothing', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const res = await change(headers, { currentPassword: 'Pas-le-bon1', password: 'Nouveau-passe9' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ currentPassword: [profileMessages.currentPasswordWrong] });
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    await mail.deliver();
    expect(mail.to(user.email)).toEqual([]);
  });

  it('requires the current password and applies the signup rules to the new one', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const res = await change(headers, { currentPassword: '', password: 'toutpetit' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ currentPassword: [passwordMessages.currentRequired], password: [authMessages.passwordTooWeak] });
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await change({}, { currentPassword: DEFAULT_PASSWORD, password: 'Nouveau-passe9' })).statusCode).toBe(401);
  });
});
