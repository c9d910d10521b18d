import { expect, test } from '@playwright/test';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';

test('shows the profile as the spec describes it', async ({ page }) => {
  const account = await signupViaApi(page.request, 'membre', { firstname: 'Élodie', lastname: 'Martin', phone_number: '' });
  await signInBrowser(page, account);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Élodie Martin' })).toBeVisible();
  await expect(page.getByText('ÉM', { exact: true })).toBeVisible();
  await expect(page.getByText('Vérifié', { exact: true })).toBeVisible();
  await expect(page.getByText('Membre', { exact: true })).toBeVisible();
  await expect(page.getByText('Pas de numéro de téléphone').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Informations personnelles' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Activité' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Paramètres' })).toBeEnabled();
  await expect(page.getByText('17 mai 1990')).toBeVisible();
  await expect(page.getByText('Compte vérifié')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('edits the profile and still shows the changes after a reload', async ({ page }) => {
  const account = await signupViaApi(page.request, 'membre');
  await signInBrowser(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Modifier' }).click();
  await expect(page.getByLabel('Date de naissance')).toHaveAttribute('type', 'date');
  await expectNoAxeViolations(page);

  await page.getByLabel('Prénom').fill('Jeanne');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefèvre-Dupont');
  // The login e-mail changes from 'Paramètres', through a link sent to the new address (settings.spec.ts).
  await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveAttribute('readonly', '');
  await page.getByLabel('Téléphone (facultatif)').fill('+33 6 11 22 33 44');
  await page.getByLabel('Date de naissance').fill('1985-12-03');
  await page.getByRole('radio', { name: 'Homme' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Vos informations ont été mises à jour.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Jeanne Lefèvre-Dupont' })).toBeVisible();
  await expect(page.getByText('3 décembre 1985')).toBeVisible();
  await expect(page.getByText('Homme', { exact: true })).toBeVisible();
  await expect(page.getByText('+33 6 11 22 33 44').first()).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('firstName'), localStorage.getItem('email')])).toEqual(['Jeanne', account.email]);
});

test('cancelling leaves the profile unchanged', async ({ page }) => {
  await signInBrowser(page, await signupViaApi(page.request, 'membre', { firstname: 'Inès', lastname: 'Roux' }));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel('Prénom').fill('Autre');
  await page.getByRole('button', { name: 'Annuler' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inès Roux' })).toBeVisible();
});

test('refuses bad input with French messages and saves nothing', async ({ page }) => {
  const paul = await signupViaApi(page.request, 'membre', { firstname: 'Paul', lastname: 'Bernard' });
  await signInBrowser(page, paul);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel('Prénom').fill('');
  await page.getByLabel('Téléphone (facultatif)').fill('12');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le prénom est obligatoire.')).toBeVisible();
  await expect(page.getByText('Numéro de téléphone non valide.')).toBeVisible();

  await expectNoAxeViolations(page);
});

test('shows names with accents, quotes, emoji and HTML as plain text', async ({ page }) => {
  const firstname = `Zoé "l'Écolo" 🌱`;
  const lastname = `<img src=x onerror="window.__pwned=1"><b>Gras</b>`;
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await signInBrowser(page, await signupViaApi(page.request, 'membre', { firstname, lastname }));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${firstname} ${lastname}`);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('main b').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});

test('shows the interview card to a trainer waiting for approval with a meeting', async ({ page }) => {
  const trainer = await signupViaApi(page.request, 'formateur');
  const adminSession = await adminAccount(page.request);
  const meetingDate = new Date(Date.now() + 26 * 3600_000).toISOString();
  const scheduled = await page.request.post(`/api/admin/users/${trainer.user.id}/meeting`, { headers: bearer(adminSession), data: { meeting_date: meetingDate } });
  expect(scheduled.ok()).toBe(true);
  await signInBrowser(page, trainer);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: "Entretien avec l'administrateur" })).toBeVisible();
  await expect(page.getByText(/Commence dans \d+h \d+m/)).toBeVisible();
  // The room opens 15 minutes before the interview: until then the button is off and says when.
  await expect(page.getByRole('button', { name: 'Rejoindre quand prêt' })).toBeDisabled();
  await expect(page.getByText(/^Le lien sera actif le .+, 15 minutes avant l'entretien\.$/)).toBeVisible();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await expect(page.getByText('En attente de vérification')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('hasMeeting'))).toBe('true');
  await expectNoAxeViolations(page);
});
