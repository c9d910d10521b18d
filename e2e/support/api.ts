import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomSiret } from '../../src/server/test/siret';

/** The administrator the e2e server is started with (scripts/e2e-server.mjs). */
export const admin = { email: 'admin@ecoforma.test', password: 'AdminEco2026' };
export const defaultPassword = 'Motdepasse1';

export interface TestAccount {
  token: string;
  user: { id: number; role: string; firstname: string; lastname: string; email: string; is_valid: boolean };
  email: string;
  password: string;
  /** Organisations only: the name their pages show (decision 025). */
  organisationName?: string;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@exemple.fr`;
}

/**
 * A new account through the real signup call. An organisation signs up with its details (a valid
 * random SIRET, a contact phone) and no gender nor birth date (decision 025).
 */
export async function signupViaApi(
  request: APIRequestContext,
  role: 'membre' | 'formateur' | 'organisme',
  overrides: Record<string, unknown> = {},
): Promise<TestAccount> {
  const email = (overrides.email as string) ?? uniqueEmail(role);
  const firstname = (overrides.firstname as string) ?? 'Camille';
  const lastname = (overrides.lastname as string) ?? 'Durand';
  const organisationName = (overrides.organisation_name as string) ?? `Asso ${lastname} ${randomUUID().slice(0, 4)}`;
  const person = { gender: 'female', birthdate: '1990-05-17', phone_number: '' };
  const organisation = {
    organisation_name: organisationName,
    siret: randomSiret(),
    sector: 'associatif',
    size_band: '10-49',
    address: '3 rue des Lilas',
    postal_code: '69003',
    city: 'Lyon',
    phone_number: '04 72 00 00 00',
  };
  const res = await request.post('/api/signup', {
    data: {
      name: `${firstname} ${lastname}`,
      firstname,
      lastname,
      email,
      ...(role === 'organisme' ? organisation : person),
      password: defaultPassword,
      is_valid: true,
      role,
      country: '',
      speciality: '',
      cin: '',
      cv: '',
      profil_picture: '',
      ...overrides,
    },
  });
  if (res.status() !== 201) throw new Error(`signup ${res.status()}: ${await res.text()}`);
  const body = await res.json();
  return { token: body.accessToken, user: body.user, email, password: defaultPassword, ...(role === 'organisme' ? { organisationName } : {}) };
}

export async function loginViaApi(request: APIRequestContext, email: string, password: string): Promise<TestAccount> {
  const res = await request.post('/api/login', { data: { email, password, remember: false } });
  if (!res.ok()) throw new Error(`login ${res.status()}: ${await res.text()}`);
  const body = await res.json();
  return { token: body.accessToken, user: body.user, email, password };
}

export function adminAccount(request: APIRequestContext): Promise<TestAccount> {
  return loginViaApi(request, admin.email, admin.password);
}

export function bearer(account: TestAccount): Record<string, string> {
  return { Authorization: `Bearer ${account.token}` };
}

/**
 * Opens the app already signed in, as a returning user would be: the local storage values
 * of spec section 3, written before any script of the page runs.
 */
export async function signInBrowser(page: Page, account: TestAccount): Promise<void> {
  const values: Record<string, string> = {
    accessToken: account.token,
    token: account.token,
    userId: String(account.user.id),
    userRole: account.user.role,
    firstName: account.user.firstname,
    lastName: account.user.lastname,
    email: account.user.email,
    isApproved: String(account.user.role !== 'formateur' || account.user.is_valid),
  };
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('__e2e_signed_in')) return;
    sessionStorage.setItem('__e2e_signed_in', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}
