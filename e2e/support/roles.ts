import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminAccount, bearer, loginViaApi, signInBrowser, signupViaApi, type TestAccount } from './api';

/** Everyone who can open a page: a visitor, then one signed-in account per role and trainer state. */
export const roleNames = ['visiteur', 'membre', 'organisme', 'formateur-en-attente', 'formateur-approuve', 'admin'] as const;
export type RoleName = (typeof roleNames)[number];
export type SignedInRole = Exclude<RoleName, 'visiteur'>;
export const signedInRoles = roleNames.filter((role): role is SignedInRole => role !== 'visiteur');

/** How each role is named on screen (and in the test titles). */
export const roleLabels: Record<RoleName, string> = {
  visiteur: 'visiteur',
  membre: 'membre',
  organisme: 'organisation',
  'formateur-en-attente': 'formateur en attente',
  'formateur-approuve': 'formateur approuvé',
  admin: 'administrateur',
};

export type RoleAccounts = Record<SignedInRole, TestAccount>;

/**
 * A trainer approved by the administrator, through the admin API; logged in again afterwards so
 * the session's user carries is_valid true, as after a real login.
 */
export async function approvedTrainer(request: APIRequestContext, admin: TestAccount, overrides: Record<string, unknown> = {}): Promise<TestAccount> {
  const trainer = await signupViaApi(request, 'formateur', overrides);
  const approval = await request.put(`/api/admin/users/${trainer.user.id}/status`, { headers: bearer(admin), data: { is_valid: true } });
  expect(approval.ok(), await approval.text()).toBe(true);
  const signedIn = await loginViaApi(request, trainer.email, trainer.password);
  expect(signedIn.user.is_valid).toBe(true);
  return signedIn;
}

/** Creates one account per signed-in role, each with a name that shows whose session a page is in. */
export async function prepareRoleAccounts(request: APIRequestContext): Promise<RoleAccounts> {
  const admin = await adminAccount(request);
  const [membre, organisme, pending, approved] = await Promise.all([
    signupViaApi(request, 'membre', { firstname: 'Maëlle', lastname: 'Membre' }),
    signupViaApi(request, 'organisme', { firstname: 'Olivier', lastname: 'Organisation' }),
    signupViaApi(request, 'formateur', { firstname: 'Félix', lastname: 'Attente' }),
    approvedTrainer(request, admin, { firstname: 'Agnès', lastname: 'Approuvée' }),
  ]);
  expect(pending.user.is_valid).toBe(false);
  return { membre, organisme, 'formateur-en-attente': pending, 'formateur-approuve': approved, admin };
}

let shared: Promise<RoleAccounts> | undefined;

/**
 * The same accounts for every test of a worker: each spec asks once, and a worker restarted after
 * a failure (fresh module) prepares new ones.
 */
export function roleAccounts(request: APIRequestContext): Promise<RoleAccounts> {
  shared ??= prepareRoleAccounts(request);
  return shared;
}

/** Opens the browser as this role: nothing for a visitor, the stored session otherwise. */
export async function signInAs(page: Page, accounts: RoleAccounts, role: RoleName): Promise<TestAccount | null> {
  if (role === 'visiteur') return null;
  const account = accounts[role];
  await signInBrowser(page, account);
  return account;
}
