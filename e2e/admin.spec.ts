import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { linkTo, waitForMail } from './support/mail';
import { admin as adminCredentials, adminAccount, bearer, loginViaApi, signInBrowser, signupViaApi, type TestAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expectInViewport, expectNotInViewport } from './support/viewport';

const samplePdf = fs.readFileSync(path.resolve('e2e/fixtures/cv-camille-durand.pdf'));

/** Whether something on the page is wider than the screen, so the page scrolls sideways. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** A word nobody else's data contains, so each test finds its own users. */
function tag(): string {
  return randomUUID().replace(/[^a-f]/g, '').slice(0, 8);
}

/** A text input by its accessible name (a required field's asterisk is not part of it). */
function field(scope: Page | Locator, name: string) {
  return scope.getByRole('textbox', { name, exact: true });
}

async function loginThroughScreen(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Adresse e-mail').fill(email);
  await field(page, 'Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function uploadCv(request: APIRequestContext, trainer: TestAccount, name = 'cv-camille-durand.pdf') {
  const res = await request.post('/api/upload-cv', {
    headers: bearer(trainer),
    multipart: { cv: { name, mimeType: 'application/pdf', buffer: samplePdf } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Utilisateurs' });
}

test('the administrator logs in, sees the counters and searches without caring about accents', async ({ page, request }) => {
  const t = tag();
  await signupViaApi(request, 'formateur', { firstname: 'Hélène', lastname: `Zéphyrin${t}` });
  const admin = await adminAccount(request);
  const totalBefore: number = (await (await request.get('/api/admin/dashboard', { headers: bearer(admin) })).json()).counters.total;

  await loginThroughScreen(page, adminCredentials.email, adminCredentials.password);
  await page.waitForURL('**/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord admin' })).toBeVisible();
  const counters = page.getByRole('list', { name: 'Compteurs' });
  for (const label of ['Utilisateurs total', 'En attente', 'Approuvés', 'Réunions']) {
    await expect(counters.getByText(label, { exact: true })).toBeVisible();
  }
  // The other worker's journeys sign people up meanwhile: the count shown lies between the
  // server's count before the page loaded and its count after.
  const shownTotal = async () => Number((await counters.getByRole('listitem').first().getByRole('paragraph').nth(1).innerText()).replace(/\D/g, ''));
  await expect.poll(shownTotal).toBeGreaterThanOrEqual(totalBefore);
  const after = await (await request.get('/api/admin/dashboard', { headers: bearer(admin) })).json();
  expect(await shownTotal()).toBeLessThanOrEqual(after.counters.total);
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des utilisateurs' })).toBeVisible();
  for (const column of ['Nom', 'E-mail', 'Rôle', 'Spécialité', 'Statut', 'Réunion', 'Actions']) {
    await expect(usersTable(page).getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // Without accents and in lower case, the search still finds 'Hélène Zéphyrin'.
  await page.getByLabel('Rechercher').fill(`helene zephyrin${t}`);
  await expect(usersTable(page).getByRole('link', { name: `Hélène Zéphyrin${t}`, exact: true })).toBeVisible();
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  expect(new URL(page.url()).searchParams.get('q')).toBe(`helene zephyrin${t}`);

  // Filters live in the address too, and survive a reload.
  await page.getByRole('combobox', { name: 'Rôle' }).click();
  await page.getByRole('option', { name: 'Membre' }).click();
  await expect(page.getByText('Aucun utilisateur trouvé')).toBeVisible();
  await expect(page.getByText("Essayez d'ajuster votre recherche ou vos filtres")).toBeVisible();
  await page.getByRole('combobox', { name: 'Rôle' }).click();
  await page.getByRole('option', { name: 'Formateur' }).click();
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'En attente' }).click();
  await page.reload();
  await expect(page.getByLabel('Rechercher')).toHaveValue(`helene zephyrin${t}`);
  await expect(page.getByRole('combobox', { name: 'Rôle' })).toHaveText('Formateur');
  await expect(page.getByRole('combobox', { name: 'Statut' })).toHaveText('En attente');
  await expect(usersTable(page).getByRole('link', { name: `Hélène Zéphyrin${t}`, exact: true })).toBeVisible();
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: `helene zephyrin${t}`, role: 'formateur', status: 'pending' });
});

test('the dashboard pages through users on the server, in French', async ({ page, request }) => {
  const t = tag();
  for (let i = 0; i < 11; i++) await signupViaApi(request, 'membre', { firstname: 'Page', lastname: `${t}${'abcdefghijk'[i]}` });
  await signInBrowser(page, await adminAccount(request));
  await page.goto(`/admin/dashboard?q=${t}`);
  await expect(page.getByText('1–11 sur 11')).toBeVisible();
  await expect(page.getByText('Lignes par page :')).toBeVisible();
  await page.getByRole('combobox', { name: /Lignes par page/ }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText('1–10 sur 11')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('pageSize')).toBe('10');
  await page.getByRole('button', { name: 'Page suivante' }).click();
  await expect(page.getByText('11–11 sur 11')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  // The oldest of the eleven is alone on page 2 (newest first).
  await expect(usersTable(page).getByRole('link', { name: `Page ${t}a`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Page précédente' }).click();
  await expect(page.getByText('1–10 sur 11')).toBeVisible();
});

test('approving a trainer lets them in; revoking ends their old session', async ({ page, request }) => {
  const t = tag();
  const trainer = await signupViaApi(request, 'formateur', { firstname: 'Bastien', lastname: `Approuvé${t}` });
  const name = `Bastien Approuvé${t}`;
  await signInBrowser(page, await adminAccount(request));
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(trainer.email)}`);
  await usersTable(page).getByRole('button', { name: `Approuver ${name}` }).click();
  await expect(page.getByText(`${name} a été approuvé avec succès`)).toBeVisible();
  await expect(usersTable(page).getByText('Approuvé', { exact: true })).toBeVisible();
  await expect(usersTable(page).getByRole('button', { name: `Révoquer ${name}` })).toBeVisible();

  // The trainer now signs in and lands on their courses.
  await page.evaluate(() => localStorage.clear());
  await loginThroughScreen(page, trainer.email, trainer.password);
  await page.waitForURL('**/formateur/courses');

  // An administrator revokes them from their page: the token they hold stops working.
  const session = await loginViaApi(request, trainer.email, trainer.password);
  expect((await request.get('/api/user/profile', { headers: bearer(session) })).status()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await loginThroughScreen(page, adminCredentials.email, adminCredentials.password);
  await page.waitForURL('**/admin/dashboard');
  await page.goto(`/admin/users/${trainer.user.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Révoquer' }).click();
  await expect(page.getByText('Utilisateur rejeté avec succès')).toBeVisible();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  const refused = await request.get('/api/user/profile', { headers: bearer(session) });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error_code).toBe('invalid_token');

  // The history shows both decisions, newest first.
  const history = page.getByRole('region', { name: 'Historique des actions' });
  await expect(history.getByRole('listitem')).toHaveText([/Approbation révoquée/, /Compte approuvé/]);
});

test("the user page shows everything, downloads the CV and says when a user doesn't exist", async ({ page, request }) => {
  const t = tag();
  const trainer = await signupViaApi(request, 'formateur', { firstname: 'Élodie', lastname: `Cévé${t}`, phone_number: '', country: 'France' });
  await uploadCv(request, trainer, 'CV Élodie.pdf');
  await signInBrowser(page, await adminAccount(request));

  await page.goto(`/admin/users/${trainer.user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Élodie Cévé${t}` })).toBeVisible();
  await expect(page.getByText(trainer.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Formateur', { exact: true })).toBeVisible();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approuver' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Démarrer une réunion' })).toHaveAttribute('href', `/admin/meeting/${trainer.user.id}`);
  const info = page.getByRole('region', { name: 'Informations personnelles' });
  const value = (label: string) => info.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Prénom')).toHaveText('Élodie');
  await expect(value('Sexe')).toHaveText('Femme');
  await expect(value('Téléphone')).toHaveText('Non renseigné');
  await expect(value('Date de naissance')).toHaveText('17 mai 1990');
  await expect(value('Pays')).toHaveText('France');
  await expect(value('Spécialité')).toHaveText('Non renseigné');
  await expectNoAxeViolations(page);

  // The CV arrives through the authenticated call, under its original name, byte for byte.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger CV' }).click()]);
  expect(download.suggestedFilename()).toBe('CV Élodie.pdf');
  expect(fs.readFileSync(await download.path())).toEqual(samplePdf);
  await expect(page.getByRole('region', { name: 'Historique des actions' }).getByText('CV téléchargé')).toBeVisible();

  // Same from the dashboard's row.
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(trainer.email)}`);
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Télécharger le CV de Élodie Cévé${t}` }).click()]);
  expect(fs.readFileSync(await again.path())).toEqual(samplePdf);

  await page.goto('/admin/users/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Utilisateur introuvable' })).toBeVisible();
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await page.waitForURL('**/admin/dashboard');
});

test('members: add one (an e-mailed link to set the password), edit, then delete after confirming', async ({ page, request }) => {
  const t = tag();
  const email = `ajout-${t}@exemple.fr`;
  await signInBrowser(page, await adminAccount(request));
  await page.goto('/admin/ListOfMembres');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des membres' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Ajouter membre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
  await dialog.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(dialog.getByText('Le prénom est obligatoire.')).toBeVisible();
  await field(dialog, 'Prénom').fill('Inès');
  await field(dialog, 'Nom').fill(`Ajoutée${t}`);
  await field(dialog, 'E-mail').fill(email);
  await dialog.getByRole('combobox', { name: 'Rôle' }).click();
  await page.getByRole('option', { name: 'Organisation' }).click();
  await dialog.getByRole('button', { name: 'Créer le compte' }).click();
  const done = page.getByRole('dialog', { name: 'Compte créé' });
  await expect(done.getByText(`Un e-mail vient d'être envoyé à ${email} avec un lien pour définir son mot de passe`)).toBeVisible();
  await expectNoAxeViolations(page);
  await done.getByRole('button', { name: 'Terminer' }).click();
  await expect(page.getByText(`Le compte de Inès Ajoutée${t} a été créé`)).toBeVisible();
  // The invitation e-mail's link sets the first password.
  const invitation = await waitForMail(email, 'Définissez votre mot de passe EcoForma');
  const password = 'Premier-passe1';
  const setup = await request.post('/api/password/reset', { data: { token: linkTo(invitation, '/reinitialiser-mot-de-passe').searchParams.get('token'), password } });
  expect(setup.status()).toBe(200);
  const account = await loginViaApi(request, email, password);
  expect(account.user.role).toBe('organisme');

  // Edit: the signup's messages, then a saved change.
  await page.getByLabel('Rechercher').fill(t);
  const table = page.getByRole('table', { name: 'Membres' });
  await table.getByRole('button', { name: `Modifier Inès Ajoutée${t}` }).click();
  const edit = page.getByRole('dialog', { name: `Modifier Inès Ajoutée${t}` });
  await field(edit, 'E-mail').fill('pas-un-email');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit.getByText("Format d'adresse e-mail invalide.")).toBeVisible();
  await field(edit, 'E-mail').fill(email);
  await field(edit, 'Prénom').fill('Inès-Marie');
  await field(edit, 'Téléphone').fill('06 12 34 56 78');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(`Les informations de Inès-Marie Ajoutée${t} ont été enregistrées`)).toBeVisible();
  await expect(table.getByRole('link', { name: `Inès-Marie Ajoutée${t}`, exact: true })).toBeVisible();

  // A row opens the user's page.
  await table.getByRole('cell', { name: email }).click();
  await page.waitForURL(`**/admin/users/${account.user.id}`);
  await expect(page.getByText('06 12 34 56 78')).toBeVisible();
  await page.goBack();

  // Delete: the dialog names the user; cancelling keeps them.
  await table.getByRole('button', { name: `Supprimer Inès-Marie Ajoutée${t}` }).click();
  const confirm = page.getByRole('dialog', { name: `Supprimer le compte de Inès-Marie Ajoutée${t} ?` });
  await expect(confirm.getByText(email, { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(table.getByRole('link', { name: `Inès-Marie Ajoutée${t}`, exact: true })).toBeVisible();
  await table.getByRole('button', { name: `Supprimer Inès-Marie Ajoutée${t}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`Le compte de Inès-Marie Ajoutée${t} a été supprimé`)).toBeVisible();
  await expect(page.getByText('Aucun utilisateur trouvé')).toBeVisible();
  expect((await request.post('/api/login', { data: { email, password, remember: false } })).status()).toBe(401);
});

test('pending trainers: accept one, reject another with a reason the trainer can read', async ({ page, request }) => {
  const t = tag();
  const accepted = await signupViaApi(request, 'formateur', { firstname: 'Armand', lastname: `Accepté${t}` });
  const refused = await signupViaApi(request, 'formateur', { firstname: 'Rémi', lastname: `Refusé${t}` });
  await signInBrowser(page, await adminAccount(request));
  await page.goto('/admin/ApprovalFormateur');
  await expect(page.getByRole('heading', { level: 1, name: "Formateurs en attente d'approbation" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: `Accepter Armand Accepté${t}` }).click();
  await expect(page.getByText(`Armand Accepté${t} a été approuvé avec succès`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Armand Accepté${t}`, exact: true })).toBeHidden();

  await page.getByRole('button', { name: `Rejeter Rémi Refusé${t}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rejeter la candidature de Rémi Refusé${t}` });
  await field(dialog, 'Motif (facultatif)').fill('Expérience en écologie insuffisante');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Rejeter' }).click();
  await expect(page.getByText(`Rémi Refusé${t} a été rejeté`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Rémi Refusé${t}`, exact: true })).toBeHidden();

  const status = await request.get(`/api/formateur/${refused.user.id}/status`, { headers: bearer(refused) });
  expect(JSON.stringify(await status.json())).toContain('Expérience en écologie insuffisante');
  const approvedStatus = await request.get(`/api/formateur/${accepted.user.id}/status`, { headers: bearer(accepted) });
  expect((await approvedStatus.json()).isApproved).toBe(true);

  await page.goto(`/admin/users/${refused.user.id}`);
  await expect(page.getByText(/Motif\s: Expérience en écologie insuffisante/).first()).toBeVisible();
});

test('the pending list says when nobody is waiting', async ({ page, request }) => {
  await signInBrowser(page, await adminAccount(request));
  await page.route('**/api/admin/dashboard?*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ users: [], total: 0, totalCapped: false, page: 1, pageSize: 20, counters: { total: 1, pending: 0, approved: 1, meetings: 0 } }),
    }),
  );
  await page.goto('/admin/ApprovalFormateur');
  await expect(page.getByText("Aucun formateur en attente d'approbation.")).toBeVisible();
});

test('non-administrators never see the administration', async ({ page, request }) => {
  const member = await signupViaApi(request, 'membre');
  await signInBrowser(page, member);
  for (const address of ['/admin/dashboard', '/admin/ApprovalFormateur', '/admin/ListOfMembres', `/admin/users/${member.user.id}`]) {
    await page.goto(address);
    await page.waitForURL((url) => url.pathname === '/');
  }
  expect((await request.get('/api/admin/dashboard', { headers: bearer(member) })).status()).toBe(403);
  expect((await request.get('/api/admin/dashboard')).status()).toBe(401);
});

// Last: relies on the trainers' waiting page.
test('scheduling an interview shows it on the trainer’s waiting page at 40 %', async ({ page, request }) => {
  const t = tag();
  const trainer = await signupViaApi(request, 'formateur', { firstname: 'Lucie', lastname: `Entretien${t}` });
  const name = `Lucie Entretien${t}`;
  await uploadCv(request, trainer);
  await signInBrowser(page, await adminAccount(request));
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(trainer.email)}`);
  await usersTable(page).getByRole('button', { name: `Planifier une réunion avec ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Planifier une réunion avec ${name}` });

  // Default: tomorrow at the current time, in the administrator's time zone.
  const expected = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
  });
  await expect(dialog.getByLabel(/^Date/)).toHaveValue(expected.date);
  await expect(dialog.getByLabel(/^Heure/)).toHaveValue(new RegExp(`^${expected.time.slice(0, 2)}:`));
  await expectNoAxeViolations(page);

  // Without a date, 'Planifier' does nothing.
  await dialog.getByLabel(/^Date/).fill('');
  await expect(dialog.getByRole('button', { name: 'Planifier' })).toBeDisabled();
  await dialog.getByLabel(/^Date/).fill(expected.date);
  await dialog.getByLabel(/^Heure/).fill('10:30');
  await dialog.getByRole('button', { name: 'Planifier' }).click();
  await expect(page.getByText(new RegExp(`^Réunion planifiée avec ${name} le .+ à 10:30$`))).toBeVisible();
  await expect(usersTable(page).getByRole('cell', { name: /10:30$/ })).toBeVisible();
  await expect(usersTable(page).getByRole('link', { name: `Rejoindre la réunion avec ${name}`, exact: true })).toBeVisible();

  // The trainer sees the interview and 40 %.
  await page.evaluate(() => localStorage.clear());
  await loginThroughScreen(page, trainer.email, trainer.password);
  await page.waitForURL('**/formateur/waiting-approval');
  await expect(page.getByRole('heading', { level: 2, name: "Entretien avec l'administrateur" })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '40');
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the three admin lists fit the screen: one card per user, every action in reach', async ({ page, request }) => {
    const t = tag();
    const trainer = await signupViaApi(request, 'formateur', { firstname: 'Noémie', lastname: `Téléphone${t}` });
    await uploadCv(request, trainer);
    const name = `Noémie Téléphone${t}`;
    await signInBrowser(page, await adminAccount(request));

    const lists: Array<{ url: string; label: string; buttons: string[]; links: string[] }> = [
      {
        url: `/admin/dashboard?q=${t}`,
        label: 'Utilisateurs',
        buttons: [`Approuver ${name}`, `Télécharger le CV de ${name}`, `Planifier une réunion avec ${name}`],
        links: [],
      },
      {
        url: `/admin/ListOfMembres?q=${t}`,
        label: 'Membres',
        buttons: [`Modifier ${name}`, `Télécharger le CV de ${name}`, `Supprimer ${name}`],
        links: [`Démarrer une réunion avec ${name}`],
      },
      { url: `/admin/ApprovalFormateur?pageSize=100`, label: 'Formateurs en attente', buttons: [`Télécharger le CV de ${name}`, `Accepter ${name}`, `Rejeter ${name}`], links: [] },
    ];
    for (const list of lists) {
      await page.goto(list.url);
      const card = page.getByRole('list', { name: list.label }).getByRole('listitem').filter({ hasText: name });
      await expect(card.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/admin/users/${trainer.user.id}`);
      // The users are cards; the dashboard's monthly figures (issue 27) are a table of their own, in a frame that scrolls.
      await expect(page.getByRole('table', { name: /^(?!Chiffres de la plateforme)/ })).toHaveCount(0);
      const controls = [...list.buttons.map((label) => card.getByRole('button', { name: label })), ...list.links.map((label) => card.getByRole('link', { name: label }))];
      for (const control of controls) {
        await control.scrollIntoViewIfNeeded();
        await expectInViewport(control, { ratio: 1 });
      }
      expect(await scrollsSideways(page), `${list.url} scrolls sideways`).toBe(false);
      await expectNoAxeViolations(page);
    }

    // The decision works from the card.
    await page.getByRole('button', { name: `Accepter ${name}` }).click();
    await expect(page.getByText(`${name} a été approuvé avec succès`)).toBeVisible();
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the administration menu is one row that scrolls sideways, the current page in view (issue 25)', async ({ page, request }) => {
    await signInBrowser(page, await adminAccount(request));
    await page.goto('/admin/avis');
    const nav = page.getByRole('navigation', { name: 'Administration' });
    const first = nav.getByRole('link', { name: 'Tableau de bord' });
    const current = nav.getByRole('link', { name: 'Avis des apprenants' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    // One line: every link on the first one's row, the menu no taller than one button and its margins.
    const firstBox = (await first.boundingBox())!;
    for (const link of await nav.getByRole('link').all()) expect(Math.abs((await link.boundingBox())!.y - firstBox.y)).toBeLessThan(2);
    expect((await nav.boundingBox())!.height).toBeLessThan(firstBox.height * 2);
    // The last page's link was scrolled into view, inside the menu and not the page.
    await expectInViewport(current, { ratio: 1 });
    await expectNotInViewport(first, { ratio: 1 });
    expect(await scrollsSideways(page)).toBe(false);
    await first.scrollIntoViewIfNeeded();
    await expectInViewport(first, { ratio: 1 });
    await expectNoAxeViolations(page);
  });
});
