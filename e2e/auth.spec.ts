import { expect, test, type Page } from '@playwright/test';
import { admin, adminAccount, bearer, defaultPassword, signInBrowser, signupViaApi, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { randomSiret } from '../src/server/test/siret';

/** An input by its exact accessible name ('Nom' must not find 'Prénom'). */
function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** The signup form, filled through the labels a person reads. */
async function fillSignup(page: Page, values: { firstname?: string; lastname?: string; email?: string; password?: string; confirm?: string; organisation?: boolean } = {}) {
  await field(page, 'Prénom').fill(values.firstname ?? 'Camille');
  await field(page, 'Nom').fill(values.lastname ?? 'Durand');
  await page.getByLabel('Adresse e-mail').fill(values.email ?? uniqueEmail('ui'));
  await field(page, 'Mot de passe').fill(values.password ?? defaultPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(values.confirm ?? values.password ?? defaultPassword);
  if (values.organisation) {
    // An organisation describes itself instead of a person (decision 025).
    await field(page, "Nom de l'organisation").fill('Asso Verte');
    await field(page, 'Numéro SIRET').fill(randomSiret());
    await page.getByLabel('Effectif').selectOption('10-49');
    await page.getByLabel("Secteur d'activité").selectOption('associatif');
    await field(page, 'Adresse').fill('3 rue des Lilas');
    await field(page, 'Code postal').fill('69003');
    await field(page, 'Ville').fill('Lyon');
    await page.getByLabel('Téléphone du contact').fill('04 72 00 00 00');
    return;
  }
  await page.getByRole('radio', { name: 'Femme' }).check();
  await page.getByLabel('Date de naissance').fill('1990-05-17');
}

async function loginThroughUi(page: Page, email: string, password: string) {
  // The login screen itself, not the page shown while its code loads.
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await field(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test.describe('signup', () => {
  for (const [role, label, target] of [
    ['membre', 'Membre', '/user/courses'],
    ['formateur', 'Formateur', '/formateur/upload-cv'],
    ['organisme', 'Organisation', '/organisme/tableau-de-bord'],
  ] as const) {
    test(`signs up as ${role} and lands on ${target}`, async ({ page }) => {
      await page.goto(`/signup?role=${role}`);
      await expect(page.getByLabel('Rôle')).toHaveValue(role);
      await expect(page.getByLabel('Rôle').locator('option:checked')).toHaveText(label);
      const email = uniqueEmail(role);
      await fillSignup(page, { email, organisation: role === 'organisme' });
      await page.getByRole('button', { name: "S'inscrire" }).click();
      await expect(page).toHaveURL(target);
      const stored = await page.evaluate(() => ({ ...localStorage }));
      expect(stored).toMatchObject({ userRole: role, email, firstName: 'Camille', lastName: 'Durand', isApproved: String(role !== 'formateur') });
      expect(stored.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(stored.token).toBe(stored.accessToken);
    });
  }

  test('defaults the role to Membre and picks a role in the list', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByLabel('Rôle')).toHaveValue('membre');
    await page.getByLabel('Rôle').selectOption({ label: 'Organisation' });
    await expect(page.getByLabel('Rôle')).toHaveValue('organisme');
  });

  test('shows each client message of spec section 5', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    for (const message of [
      'Le prénom est obligatoire.',
      'Le nom est obligatoire.',
      "L'adresse e-mail est obligatoire.",
      'Le mot de passe est obligatoire.',
      'La date de naissance est obligatoire.',
      'Le genre est obligatoire.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page).toHaveURL('/signup');

    await page.getByLabel('Adresse e-mail').fill('camille@exemple');
    await field(page, 'Mot de passe').fill('court');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByText("Format d'adresse e-mail invalide.")).toBeVisible();
    await expect(page.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeVisible();
    // 'court' is not confirmed: the mismatch returns before the birthdate and gender checks.
    await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
    await expect(page.getByText('La date de naissance est obligatoire.')).toHaveCount(0);
    await expect(page.getByText('Le genre est obligatoire.')).toHaveCount(0);
  });

  test('shows the server rules in French under the fields', async ({ page }) => {
    const taken = await signupViaApi(page.request, 'membre');
    await page.goto('/signup');
    await fillSignup(page, { email: taken.email.toUpperCase() });
    await page.getByLabel('Téléphone (facultatif)').fill('12 34');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByText('Numéro de téléphone non valide.')).toBeVisible();
    await page.getByLabel('Téléphone (facultatif)').fill('06 12 34 56 78');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByText('Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.')).toBeVisible();
    await page.getByLabel('Adresse e-mail').fill(uniqueEmail('faible'));
    await field(page, 'Mot de passe').fill('motdepasse');
    await page.getByLabel('Confirmer le mot de passe').fill('motdepasse');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByText('Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre.')).toBeVisible();
    await expect(page).toHaveURL('/signup');
  });

  test('has no accessibility violation, empty or with errors', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await expect(page.getByText('Le prénom est obligatoire.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('login', () => {
  test('shows its own messages for empty fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez saisir votre adresse e-mail')).toBeVisible();
    await expect(page.getByText('Veuillez saisir votre mot de passe')).toBeVisible();
  });

  test('a wrong password shows a French error and stays on /login', async ({ page }) => {
    const account = await signupViaApi(page.request, 'membre');
    await page.goto('/login');
    await loginThroughUi(page, account.email, 'Mauvais1');
    await expect(page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' })).toBeVisible();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('toggles the password visibility and submits with Enter', async ({ page }) => {
    const account = await signupViaApi(page.request, 'organisme');
    await page.goto('/login');
    await page.getByLabel('Adresse e-mail').fill(account.email);
    const password = field(page, 'Mot de passe');
    await password.fill(account.password);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
    await password.press('Enter');
    await expect(page).toHaveURL('/organisme/tableau-de-bord');
  });

  test('logs in as admin and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await loginThroughUi(page, admin.email, admin.password);
    await expect(page).toHaveURL('/admin/dashboard');
  });

  for (const [role, target] of [
    ['membre', '/user/courses'],
    ['organisme', '/organisme/tableau-de-bord'],
    ['formateur', '/formateur/waiting-approval'],
  ] as const) {
    test(`logs in as ${role} and lands on ${target}`, async ({ page }) => {
      const account = await signupViaApi(page.request, role);
      await page.goto('/login');
      await loginThroughUi(page, account.email, account.password);
      await expect(page).toHaveURL(target);
    });
  }

  test('logs in as an approved formateur and lands on their courses', async ({ page }) => {
    const trainer = await signupViaApi(page.request, 'formateur');
    const adminSession = await adminAccount(page.request);
    const approval = await page.request.put(`/api/admin/users/${trainer.user.id}/status`, { headers: bearer(adminSession), data: { is_valid: true } });
    expect(approval.ok()).toBe(true);
    await page.goto('/login');
    await loginThroughUi(page, trainer.email, trainer.password);
    await expect(page).toHaveURL('/formateur/courses');
    expect(await page.evaluate(() => localStorage.getItem('isApproved'))).toBe('true');
  });

  test('sends a signed-in user away from /login', async ({ page }) => {
    await signInBrowser(page, await signupViaApi(page.request, 'membre'));
    await page.goto('/login');
    await expect(page).toHaveURL('/profile');
  });

  test('has no accessibility violation, empty or with an error', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expectNoAxeViolations(page);
    await loginThroughUi(page, uniqueEmail('inconnu'), 'Mauvais1');
    await expect(page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('guard and session', () => {
  test('a visitor on /profile goes to /login, then back to /profile after logging in', async ({ page }) => {
    const account = await signupViaApi(page.request, 'membre');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
    await loginThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Camille Durand' })).toBeVisible();
  });

  test('a member on /admin/dashboard is sent to /', async ({ page }) => {
    await signInBrowser(page, await signupViaApi(page.request, 'membre'));
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/');
  });

  test('an expired session returns to /login with a French message', async ({ page }) => {
    const account = await signupViaApi(page.request, 'membre');
    await page.request.post('/api/logout', { headers: bearer(account) });
    await signInBrowser(page, account);
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('logout clears local storage, revokes the token and returns to /login', async ({ page }) => {
    const account = await signupViaApi(page.request, 'membre');
    await page.goto('/login');
    await loginThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL('/user/courses');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    const after = await page.request.get('/api/user/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    // A signed-out visitor is stopped again.
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
  });
});
