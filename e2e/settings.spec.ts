import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signInBrowser, signupViaApi, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { linkTo, waitForMail } from './support/mail';

test('a member changes their e-mail through the link, downloads their data, then deletes their account', async ({ page, request }) => {
  const account = await signupViaApi(request, 'membre', { firstname: 'Maëlle', lastname: 'Réglages' });
  const newEmail = uniqueEmail('nouvelle');
  await signInBrowser(page, account);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Paramètres' });
  // Signed up a moment ago: the address waits for its confirmation.
  await expect(page.getByRole('region', { name: 'Adresse e-mail à confirmer' })).toBeVisible();
  await expectNoAxeViolations(page);

  // 1. A new address: a link goes to it, the current one is told; nothing changes yet.
  const emailForm = settings.getByRole('form', { name: 'Changer d’adresse e-mail' });
  await emailForm.getByLabel('Nouvelle adresse e-mail').fill(newEmail);
  await emailForm.getByLabel('Mot de passe actuel').fill(account.password);
  await emailForm.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
  await expect(settings.getByRole('status')).toContainText(`Nous avons envoyé un lien de confirmation à ${newEmail}`);
  const notice = await waitForMail(account.email, 'Changement d’adresse e-mail demandé sur votre compte EcoForma');
  expect(notice.text).toContain(newEmail);
  const mail = await waitForMail(newEmail, 'Confirmez votre nouvelle adresse e-mail EcoForma');
  const link = linkTo(mail, '/confirmer-email');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmer mon adresse e-mail' })).toBeVisible();
  await expect(page).toHaveURL(/\/confirmer-email$/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirmer mon adresse e-mail' }).click();
  await expect(page.getByText(`Votre adresse e-mail est désormais ${newEmail}.`)).toBeVisible();
  // Confirmed in this browser: the banner is gone and this session stays open.
  await expect(page.getByRole('region', { name: 'Adresse e-mail à confirmer' })).toHaveCount(0);

  // 2. My data: the ZIP holds the JSON with the new address.
  await page.getByRole('link', { name: 'Aller à mon profil' }).click();
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  await expect(settings.getByText(`Votre adresse actuelle est ${newEmail}.`)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Télécharger mes données' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ecoforma-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const data = JSON.parse(Buffer.from(zip['mes-donnees.json']!).toString('utf8'));
  expect(data.account).toMatchObject({ email: newEmail, firstname: 'Maëlle', lastname: 'Réglages' });

  // 3. Deleting the account: password and the typed word; signed out, the address no longer signs in.
  await settings.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement mon compte\u00a0?' });
  await dialog.getByLabel('Mot de passe actuel').fill(account.password);
  await dialog.getByLabel('Saisissez SUPPRIMER pour confirmer').fill('SUPPRIMER');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Votre compte a été supprimé. Toutes vos sessions sont fermées.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  expect((await request.post('/api/login', { data: { email: newEmail, password: account.password, remember: false } })).status()).toBe(401);
});
