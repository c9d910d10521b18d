import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminAccount, bearer, defaultPassword, loginViaApi, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';

const fixtures = path.resolve('e2e/fixtures');
const samplePdf = fs.readFileSync(path.join(fixtures, 'cv-camille-durand.pdf'));

/** Slows the browser's uploads down, so the progress of a real upload can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

test('a new trainer sends a CV with real progress and lands on the waiting page', async ({ page, request }) => {
  // Sign up as a trainer through the form, as a person would: the role comes preselected from the link.
  const email = uniqueEmail('formateur-ui');
  await page.goto('/signup?role=formateur');
  await expect(page.getByLabel('Rôle')).toHaveValue('formateur');
  await page.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Camille');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(defaultPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(defaultPassword);
  await page.getByRole('radio', { name: 'Femme' }).check();
  await page.getByLabel('Date de naissance').fill('1990-05-17');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await page.waitForURL('**/formateur/upload-cv');
  const account = await loginViaApi(request, email, defaultPassword);

  await expect(page.getByRole('heading', { level: 1, name: 'Envoyez votre CV' })).toBeVisible();
  await expect(page.getByText('Taille maximale : 10 Mo')).toBeVisible();
  await expectNoAxeViolations(page);

  // No file: the spec's message, for 3 seconds.
  const submit = page.getByRole('button', { name: 'Envoyer et continuer' });
  await submit.click();
  await expect(page.getByText('Veuillez sélectionner un fichier')).toBeVisible();
  await expect(page.getByText('Veuillez sélectionner un fichier')).toBeHidden({ timeout: 5000 });

  // Refused before sending: too large, then not a CV format.
  const input = page.getByLabel('Choisir un fichier (CV)');
  await input.setInputFiles({ name: 'cv-trop-gros.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
  await expect(page.getByText('Le fichier dépasse la taille maximale de 10 Mo.')).toBeVisible();
  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(path.join(fixtures, 'photo.pdf')) });
  await expect(page.getByText('Format non accepté : choisissez un fichier PDF, DOCX ou DOC.')).toBeVisible();

  // A real PDF, padded to 2 MB so its upload lasts long enough to be seen at 1 MB/s.
  const pdf = Buffer.concat([samplePdf, Buffer.alloc(2 * 1024 * 1024 - samplePdf.length, 0x20)]);
  await input.setInputFiles({ name: 'cv-camille-durand.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('cv-camille-durand.pdf')).toBeVisible();
  await expect(page.getByText('2,0 Mo')).toBeVisible();

  await throttleUploads(page, 1024 * 1024);
  await submit.click();
  await expect(page.getByText('Envoi…')).toBeVisible();
  const uploadBar = page.getByRole('progressbar', { name: "Progression de l'envoi du CV" });
  await expect(uploadBar).toBeVisible();
  await expect
    .poll(async () => Number(await uploadBar.getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);

  await page.waitForURL('**/formateur/waiting-approval', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: "Compte en attente d'approbation" })).toBeVisible();
  await expect(page.getByText('Bonjour Camille,')).toBeVisible();
  await expect(page.getByText('sous 48 heures')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '20');
  await expect(page.getByRole('link', { name: 'Voir mon profil' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The server kept the very bytes that were sent.
  const status = await request.get(`/api/formateur/${account.user.id}/status`, { headers: bearer(account) });
  expect(await status.json()).toMatchObject({ state: 'cv_received', cv: { name: 'cv-camille-durand.pdf', size: pdf.length } });

  // An interview scheduled by an administrator appears on the waiting page, at 40 %.
  const admin = await adminAccount(request);
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const scheduled = await request.post(`/api/admin/users/${account.user.id}/meeting`, { headers: bearer(admin), data: { meeting_date: tomorrow } });
  expect(scheduled.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: "Entretien avec l'administrateur" })).toBeVisible();
  await expect(page.getByText(/^Commence dans \d+h \d+m$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '40');
  await expectNoAxeViolations(page);

  // Once an administrator approves the trainer, the next page change unlocks the trainer's links.
  const approve = await request.put(`/api/admin/users/${account.user.id}/status`, { headers: bearer(admin), data: { is_valid: true } });
  expect(approve.ok()).toBe(true);
  await page.getByRole('link', { name: 'Voir mon profil' }).click();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mes cours' })).toBeVisible();
});
