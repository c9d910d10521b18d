import { expect, test } from '@playwright/test';
import { signupViaApi } from './support/api';
import { linkTo, waitForMail } from './support/mail';

test('a forgotten password: the e-mailed link, a new password, and a login with it', async ({ page, request }) => {
  const account = await signupViaApi(request, 'membre', { firstname: 'Oublieuse' });

  await page.goto('/login');
  await page.getByRole('link', { name: /Mot de passe oublié/ }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte EcoForma existe pour cette adresse');

  // The server has no SMTP_URL: its worker writes the message as a .eml file under DATA_DIR/mail.
  const mail = await waitForMail(account.email, 'Réinitialisez votre mot de passe EcoForma');
  expect(mail.text).toContain('Bonjour Oublieuse,');
  expect(mail.html).toContain('lang="fr"');
  const link = linkTo(mail, '/reinitialiser-mot-de-passe');

  await page.goto(link.toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/reinitialiser-mot-de-passe$/);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('Nouveau-passe9');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe', exact: true }).fill('Nouveau-passe9');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Nouveau-passe9');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login$/);

  // The same link does not work twice.
  await page.goto(link.toString());
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('Encore-autre9');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe', exact: true }).fill('Encore-autre9');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText("Ce lien n'est plus valable", { exact: false })).toBeVisible();
  await waitForMail(account.email, 'Votre mot de passe EcoForma a été modifié');
});
