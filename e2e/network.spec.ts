import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { createCourseWithLessons, enrol } from './support/learning';
import { approvedTrainer } from './support/roles';
import { tabTo } from './support/keyboard';

/**
 * The network's lean journey (issue 26): a member opts into the directory and is found there; an
 * organisation posts an opportunity; the member applies, showing one attestation, by keyboard
 * alone; the organisation reads the application (name, message, attestation; no e-mail).
 */

test('a member joins the directory and applies to an organisation’s opportunity with an attestation', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: `Réseau${tag}` });
  const course = await createCourseWithLessons(request, trainer, `Composter en pied d’immeuble ${tag}`, [
    { title: 'Les bases', lessons: [{ title: 'Le bac', duration_minutes: 10, body_markdown: 'Un bac, du broyat.' }] },
  ], { publishedBy: admin });
  const member = await signupViaApi(request, 'membre', { firstname: 'Ysaline', lastname: `Réseau${tag}` });
  await enrol(request, member, course.id);
  const done = await request.post(`/api/lessons/${course.lessonIds[0]}/complete`, { headers: bearer(member) });
  expect(done.ok(), await done.text()).toBe(true);
  const attestations = await (await request.get('/api/user/attestations', { headers: bearer(member) })).json();
  expect(attestations.items).toHaveLength(1);
  const organisation = await signupViaApi(request, 'organisme', { lastname: `Orga${tag}`, organisation_name: `Ferme des Possibles ${tag}` });

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const orgContext = await browser.newContext();
  const orgPage = await orgContext.newPage();
  await signInBrowser(memberPage, member);
  await signInBrowser(orgPage, organisation);
  // Two windows: each step brings its own to the front, or the one behind may get no animation
  // frames on a loaded machine, and a menu that never settles cannot be clicked.

  await test.step('the organisation does not find the member before they opt in', async () => {
    await orgPage.bringToFront();
    await orgPage.goto(webPaths.directory);
    await orgPage.getByRole('searchbox', { name: 'Rechercher un nom ou un métier' }).fill(`Réseau${tag}`);
    await expect(orgPage.getByRole('status')).toHaveText('Aucun membre ne correspond à votre recherche.');
  });

  await test.step('the member opts into the directory from the profile', async () => {
    await memberPage.bringToFront();
    await memberPage.goto(webPaths.myDirectory);
    const listed = memberPage.getByRole('switch', { name: 'Figurer dans l’annuaire' });
    await expect(listed).not.toBeChecked();
    await listed.check();
    await memberPage.getByRole('checkbox', { name: 'Titre (métier, activité)' }).check();
    await memberPage.getByRole('checkbox', { name: 'Attestations de formation' }).check();
    await memberPage.getByRole('textbox', { name: 'Titre', exact: true }).fill('Maître-composteuse');
    await memberPage.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(memberPage.getByRole('status').filter({ hasText: 'Vos choix pour l’annuaire sont enregistrés.' })).toBeVisible();
  });

  await test.step('the organisation finds the member with what they chose to show, and no e-mail', async () => {
    await orgPage.bringToFront();
    await orgPage.reload();
    await orgPage.getByRole('searchbox', { name: 'Rechercher un nom ou un métier' }).fill(`Réseau${tag}`);
    const card = orgPage.getByRole('article', { name: `Ysaline Réseau${tag}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Maître-composteuse')).toBeVisible();
    await expect(card.getByRole('link', { name: `vérifier l’attestation ${course.title}` })).toBeVisible();
    await expect(orgPage.getByText(member.email)).toHaveCount(0);
  });

  const title = `Animateur compost ${tag}`;
  await test.step('the organisation posts an opportunity', async () => {
    await orgPage.bringToFront();
    await orgPage.goto(webPaths.opportunities);
    await orgPage.getByRole('link', { name: 'Publier une opportunité' }).click();
    // The list has a « Type » filter too: wait for the form's page, or the click may open the
    // list's menu just before the form's page replaces it (seen under load).
    await expect(orgPage.getByRole('heading', { level: 1, name: 'Publier une opportunité' })).toBeVisible();
    await orgPage.getByRole('combobox', { name: /Type/ }).click();
    await orgPage.getByRole('option', { name: 'Emploi' }).click();
    await orgPage.getByRole('textbox', { name: 'Titre' }).fill(title);
    await orgPage.getByRole('textbox', { name: 'Description' }).fill('Animer les sites de compostage du quartier avec les habitants.');
    await orgPage.getByRole('combobox', { name: /Région/ }).click();
    await orgPage.getByRole('option', { name: 'Bretagne' }).click();
    await orgPage.getByRole('checkbox', { name: 'Gestion des déchets' }).check();
    await orgPage.getByRole('button', { name: 'Publier' }).click();
    await expect(orgPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('the member applies by keyboard, showing the attestation', async () => {
    await memberPage.bringToFront();
    await memberPage.goto(webPaths.opportunities);
    await memberPage.getByRole('link', { name: title }).click();
    await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const message = memberPage.getByRole('textbox', { name: 'Votre message' });
    await tabTo(memberPage, message);
    await memberPage.keyboard.type('Je pratique le compostage collectif depuis deux ans.');
    const attestation = memberPage.getByRole('checkbox', { name: new RegExp(course.title) });
    await tabTo(memberPage, attestation);
    await memberPage.keyboard.press('Space');
    await expect(attestation).toBeChecked();
    await tabTo(memberPage, memberPage.getByRole('button', { name: 'Envoyer ma candidature' }));
    await memberPage.keyboard.press('Enter');
    await expect(memberPage.getByRole('status').filter({ hasText: 'Votre candidature est envoyée.' })).toBeVisible();
    await memberPage.goto(webPaths.myApplications);
    await expect(memberPage.getByRole('link', { name: title })).toBeVisible();
  });

  await test.step('the organisation reads the application: name, message and attestation', async () => {
    await orgPage.bringToFront();
    await orgPage.reload();
    await orgPage.getByRole('link', { name: /Voir les candidatures \(1\)/ }).click();
    await expect(orgPage.getByRole('heading', { level: 1, name: 'Candidatures reçues' })).toBeVisible();
    const application = orgPage.getByRole('article', { name: `Ysaline Réseau${tag}` });
    await expect(application.getByText('Je pratique le compostage collectif depuis deux ans.')).toBeVisible();
    await expect(application.getByRole('link', { name: `vérifier l’attestation ${course.title}` })).toBeVisible();
    await expect(orgPage.getByText(member.email)).toHaveCount(0);
  });

  await memberContext.close();
  await orgContext.close();
});
