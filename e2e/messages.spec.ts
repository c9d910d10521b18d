import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons, enrol } from './support/learning';
import { approvedTrainer } from './support/roles';

test('a learner writes to the trainer from the player with the keyboard; the trainer answers; the answer arrives live', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(request, trainer, `Compost partagé ${randomUUID().slice(0, 6)}`, [
    { title: 'Démarrer', lessons: [{ title: 'Choisir son bac', duration_minutes: 10, body_markdown: 'Un bac, du broyat.' }] },
  ], { publishedBy: admin });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Martin' });
  await enrol(request, learner, course.id);

  // The learner, in the player: « Contacter le formateur », reached and pressed with the keyboard.
  await signInBrowser(page, learner);
  await page.goto(webPaths.learn(course.id, course.lessonIds[0]!));
  await expect(page.getByRole('heading', { level: 1, name: 'Choisir son bac' })).toBeVisible();
  const contact = page.getByRole('button', { name: 'Contacter le formateur' });
  await contact.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Claire Dubois' })).toBeVisible();
  // Set once: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { __sansRechargement: boolean }).__sansRechargement = true));

  // Keyboard only: into the labelled field, write, then Tab to « Envoyer » and press Enter.
  const field = page.getByRole('textbox', { name: 'Votre message' });
  await field.focus();
  await page.keyboard.type('Bonjour, faut-il **retourner** le compost chaque semaine ?');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Envoyer' })).toBeFocused();
  await page.keyboard.press('Enter');
  const log = page.getByRole('log', { name: 'Messages avec Claire Dubois' });
  await expect(log.getByText('retourner', { exact: true })).toBeVisible();
  await expect(field).toHaveValue('');

  // The trainer, in another browser: the unread count in the navigation, the conversation marked unread.
  const trainerContext = await browser.newContext();
  const trainerPage = await trainerContext.newPage();
  await signInBrowser(trainerPage, trainer);
  await trainerPage.goto(webPaths.home);
  await trainerPage.getByRole('link', { name: 'Messages, 1 non lu' }).click();
  await expect(trainerPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await trainerPage.getByRole('link', { name: /Léa Martin.*1 non lu/ }).click();
  await expect(trainerPage.getByRole('log', { name: 'Messages avec Léa Martin' }).getByText('retourner', { exact: true })).toBeVisible();
  await expect(trainerPage.getByRole('link', { name: 'Messages, aucun non lu' })).toBeVisible();
  await expectNoAxeViolations(trainerPage);
  await trainerPage.getByRole('textbox', { name: 'Votre message' }).fill('Oui, une fois par semaine, et gardez-le humide.');
  await trainerPage.getByRole('button', { name: 'Envoyer' }).click();
  await expect(trainerPage.getByRole('log').getByText('gardez-le humide', { exact: false })).toBeVisible();

  // The learner sees the answer arrive through the live stream, without reloading the page.
  await expect(log.getByText('Oui, une fois par semaine, et gardez-le humide.')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { __sansRechargement?: boolean }).__sansRechargement)).toBe(true);
  await expectNoAxeViolations(page);
  await trainerContext.close();
});
