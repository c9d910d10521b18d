import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { randomSiret } from '../src/server/test/siret';
import { adminAccount, defaultPassword, signInBrowser, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons } from './support/learning';
import { linkTo, waitForMail } from './support/mail';
import { approvedTrainer } from './support/roles';

/** An input by its exact accessible name ('Nom' must not find 'Prénom' nor « Nom de l'organisation »). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('an organisation signs up, imports three learners, one joins, is enrolled, follows a lesson, and the dashboard shows the progress', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const run = randomUUID().slice(0, 6);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(
    request,
    trainer,
    `Sobriété numérique ${run}`,
    [{ title: 'Comprendre', lessons: [{ title: 'Mesurer son empreinte', duration_minutes: 10, body_markdown: 'Les **terminaux** pèsent le plus.' }, { title: 'Agir', duration_minutes: 10, body_markdown: 'Allonger la durée de vie.' }] }],
    { publishedBy: admin },
  );
  const organisationName = `Coop Soleil ${run}`;
  const learners = [uniqueEmail('lea'), uniqueEmail('marc'), uniqueEmail('nora')];

  // 1. The organisation signs up with its details (no gender, no birth date) and lands on its dashboard.
  await page.goto(webPaths.signupAs('organisme'));
  await field(page, "Nom de l'organisation").fill(organisationName);
  await field(page, 'Numéro SIRET').fill(randomSiret());
  await page.getByLabel('Effectif').selectOption('50-249');
  await page.getByLabel("Secteur d'activité").selectOption('energie_environnement');
  await field(page, 'Adresse').fill('12 quai de la Loire');
  await field(page, 'Code postal').fill('44000');
  await field(page, 'Ville').fill('Nantes');
  await field(page, 'Prénom').fill('Olivia');
  await field(page, 'Nom').fill('Contact');
  await page.getByLabel('Adresse e-mail').fill(uniqueEmail('rh'));
  await field(page, 'Mot de passe').fill(defaultPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(defaultPassword);
  await page.getByLabel('Téléphone du contact').fill('02 40 00 00 00');
  await expect(page.getByRole('radiogroup', { name: 'Genre' })).toHaveCount(0);
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page).toHaveURL(webPaths.organisationDashboard);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByText("Aucun membre n'a encore rejoint votre organisation.")).toBeVisible();

  // 2. Three learners imported from a CSV file: the preview first, then everything at once.
  await page.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Membres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membres' })).toBeVisible();
  await page.getByLabel('Fichier CSV des personnes à inviter').setInputFiles({ name: 'equipe.csv', mimeType: 'text/csv', buffer: Buffer.from(`Nom;E-mail\nLéa;${learners[0]}\nMarc;${learners[1]}\nNora;${learners[2]}\n`) });
  const preview = page.getByRole('region', { name: "Aperçu de l'import" });
  await expect(preview.getByText('3 invitations à envoyer, 0 à renvoyer, 0 ligne refusée.')).toBeVisible();
  await expectNoAxeViolations(page);
  await preview.getByRole('button', { name: 'Importer 3 invitations' }).click();
  await expect(page.getByText('3 invitations envoyées.')).toBeVisible();
  await expect(page.getByRole('table').getByText('Invitation envoyée')).toHaveCount(3);
  // On a 390 px phone the members table scrolls inside its frame: the page does not widen (issue 25).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // 3. An administrator gives the organisation two seats for the course.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto(`${webPaths.adminOrganisations}?q=${encodeURIComponent(organisationName)}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  await expect(adminPage.getByText('0 membre · 3 invitations en attente')).toBeVisible();
  await adminPage.getByRole('button', { name: `Gérer les places de ${organisationName}` }).click();
  const seats = adminPage.getByRole('dialog', { name: `Places de ${organisationName}` });
  await seats.getByLabel('Rechercher une formation publiée').fill(course.title);
  const courseSelect = seats.getByRole('combobox', { name: /^Formation/ });
  await expect(courseSelect.locator('option', { hasText: course.title })).toHaveCount(1);
  await courseSelect.selectOption({ label: course.title });
  await seats.getByLabel('Nombre de places').fill('2');
  await seats.getByRole('button', { name: 'Enregistrer les places' }).click();
  await expect(seats.getByRole('status')).toContainText('2 places pour');
  await expectNoAxeViolations(adminPage);
  await adminContext.close();

  // 4. Léa reads her invitation, creates her account from its link and joins, consenting to share her progress.
  // The subject never carries the organisation's name (issue 25); the body does.
  const mail = await waitForMail(learners[0]!, 'Invitation à vous former sur EcoForma');
  expect(mail.text).toContain(`vous autorisez ${organisationName} à voir votre progression`);
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(linkTo(mail, '/signup').toString());
  await expect(learner.getByText(`${organisationName} vous invite à suivre ses formations`)).toBeVisible();
  await expect(learner).toHaveURL(/\/signup$/);
  await expect(learner.getByLabel('Adresse e-mail')).toHaveValue(learners[0]!);
  // The prefilled address's label sits above it, not drawn over it.
  await expect(learner.locator('label', { hasText: 'Adresse e-mail' })).toHaveAttribute('data-shrink', 'true');
  await field(learner, 'Prénom').fill('Léa');
  await field(learner, 'Nom').fill('Martin');
  await field(learner, 'Mot de passe').fill(defaultPassword);
  await learner.getByLabel('Confirmer le mot de passe').fill(defaultPassword);
  await learner.getByRole('radio', { name: 'Femme' }).check();
  await learner.getByLabel('Date de naissance').fill('1992-04-11');
  await learner.getByRole('button', { name: "S'inscrire" }).click();
  await expect(learner).toHaveURL(webPaths.joinOrganisation);
  await expect(learner.getByRole('heading', { level: 1, name: 'Rejoindre une organisation' })).toBeVisible();
  // A reload keeps the invitation (the token is kept for the tab), and the link proved the address: no confirmation banner.
  await learner.reload();
  await expect(learner.getByText(`${organisationName}`, { exact: true })).toBeVisible();
  await expectNoAxeViolations(learner);
  await learner.getByRole('checkbox', { name: `J'accepte de partager ma progression avec ${organisationName}.` }).check();
  await learner.getByRole('button', { name: "Rejoindre l'organisation" }).click();
  await expect(learner.getByText(`Vous avez rejoint ${organisationName}.`, { exact: false })).toBeVisible();

  // 5. The organisation enrols her: one seat of two.
  await page.reload();
  await page.getByRole('checkbox', { name: 'Sélectionner Léa Martin' }).check();
  await page.getByRole('button', { name: 'Inscrire à une formation' }).click();
  const enrol = page.getByRole('dialog', { name: 'Inscrire 1 membre à une formation' });
  await enrol.getByRole('combobox', { name: /^Formation/ }).selectOption({ label: `${course.title} (2 places restantes sur 2)` });
  await enrol.getByRole('button', { name: 'Inscrire' }).click();
  await expect(page.getByText(`1 membre inscrit à «\u00a0${course.title}\u00a0». Places utilisées\u00a0: 1 sur 2.`)).toBeVisible();

  // 6. Léa follows the first lesson.
  await learner.goto(webPaths.learn(course.id, course.lessonIds[0]!));
  await expect(learner.getByRole('heading', { level: 1, name: 'Mesurer son empreinte' })).toBeVisible();
  await learner.getByRole('button', { name: 'Marquer comme terminé' }).click();
  await expect(learner.getByRole('button', { name: 'Leçon terminée' })).toBeVisible();
  await learnerContext.close();

  // 7. The dashboard shows her progress, and exports it for a spreadsheet.
  await page.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Tableau de bord' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Léa Martin' });
  await expect(row.getByRole('progressbar', { name: `Progression de Léa Martin dans «\u00a0${course.title}\u00a0»` })).toHaveAttribute('aria-valuenow', '50');
  await expect(row.getByText('1 leçon sur 2')).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\ufeffMembre;E-mail;Formation;Statut;Progression (%)')).toBe(true);
  expect(csv).toContain(`Léa Martin;${learners[0]};${course.title};En cours;50;1;2;`);
});
