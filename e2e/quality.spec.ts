import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, signInBrowser, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { waitForMail } from './support/mail';

/** French typography: a no-break space before « : » in the e-mails' subjects. */
const NBSP = '\u00a0';

/**
 * Complaints and improvement (issue 27, Qualiopi indicators 31 and 32): a visitor files a complaint
 * from the site's footer and gets the acknowledgement; an administrator takes it, answers it and
 * draws an improvement action from it; the visitor's mailbox holds the answer.
 */
test('a visitor files a complaint, the admin answers it and links an improvement action, the visitor receives the acknowledgement and the answer', async ({ page, browser, request }) => {
  const email = uniqueEmail('reclamation');
  const subject = `Vidéo illisible ${Date.now().toString(36)}`;

  await page.goto(webPaths.home);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Déposer une réclamation' }).click();
  await expect(page).toHaveURL(/\/reclamation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Déposer une réclamation' })).toBeVisible();

  // Without an address, the form says why in French and sends nothing.
  await page.getByRole('textbox', { name: 'Objet' }).fill(subject);
  await page.getByRole('textbox', { name: 'Description' }).fill('La vidéo du chapitre 2 ne se lance pas, ni sur mon ordinateur ni sur mon téléphone.');
  await page.getByRole('button', { name: 'Envoyer la réclamation' }).click();
  await expect(page.getByText('Indiquez votre adresse e-mail pour recevoir notre réponse.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Votre adresse e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Envoyer la réclamation' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Votre réclamation est enregistrée' });
  await expect(confirmation).toBeVisible();
  const id = Number(/Numéro de réclamation\s*:\s*(\d+)/.exec((await confirmation.textContent()) ?? '')![1]);
  expect(id).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  const acknowledgement = await waitForMail(email, `Réclamation n° ${id} reçue${NBSP}: ${subject}`);
  expect(acknowledgement.text).toContain('Nous avons bien reçu votre réclamation');

  // The administrator, in the quality screen reached from the admin menu.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const adminPage = await adminContext.newPage();
  await signInBrowser(adminPage, await adminAccount(request));
  await adminPage.goto(webPaths.adminDashboard);
  await expect(adminPage.getByRole('heading', { name: 'Chiffres de la plateforme sur 12 mois' })).toBeVisible();
  await adminPage.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Qualité' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/qualite$/);
  const card = adminPage.getByRole('article', { name: new RegExp(`n° ${id}\\s*:`) });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(card.getByText('En cours', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Répondre et résoudre' }).click();
  const answerDialog = adminPage.getByRole('dialog', { name: `Répondre à la réclamation n° ${id}` });
  await answerDialog.getByRole('button', { name: 'Envoyer la réponse et résoudre' }).click();
  await expect(answerDialog.getByText('La réponse est obligatoire pour résoudre la réclamation.')).toBeVisible();
  await answerDialog.getByRole('textbox', { name: 'Réponse' }).fill('Nous avons remplacé la vidéo : elle se lance désormais sur tous les appareils.');
  await answerDialog.getByRole('button', { name: 'Envoyer la réponse et résoudre' }).click();
  await expect(answerDialog).toBeHidden();
  await expect(card.getByText('Résolue', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Créer une action d’amélioration' }).click();
  const actionDialog = adminPage.getByRole('dialog', { name: 'Nouvelle action d’amélioration' });
  await actionDialog.getByRole('textbox', { name: 'Action' }).fill('Tester chaque vidéo sur mobile avant publication');
  await actionDialog.getByRole('textbox', { name: 'Responsable' }).fill('Claire Martin');
  await actionDialog.getByLabel('Échéance').fill('2027-03-31');
  await actionDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(actionDialog).toBeHidden();
  // The action shows on its source.
  await expect(card.getByText(/Tester chaque vidéo sur mobile avant publication \(Prévue/)).toBeVisible();
  await expectNoAxeViolations(adminPage);

  await adminPage.getByRole('tab', { name: 'Actions d’amélioration' }).click();
  await expect(adminPage.getByRole('article', { name: /Tester chaque vidéo sur mobile avant publication/ }).first()).toContainText(`Réclamation n° ${id}`);
  await adminContext.close();

  const answer = await waitForMail(email, `Réponse à votre réclamation n° ${id}${NBSP}: ${subject}`);
  expect(answer.text).toContain('Nous avons remplacé la vidéo');
});
