import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons, enrol } from './support/learning';
import { approvedTrainer } from './support/roles';
import { tabTo } from './support/keyboard';

test('a learner asks from the player, the trainer answers with the keyboard and marks the answer, the learner sees it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(request, trainer, `Compost partagé ${randomUUID().slice(0, 6)}`, [
    { title: 'Démarrer', lessons: [{ title: 'Choisir le composteur', duration_minutes: 10, body_markdown: 'Bois ou plastique recyclé.' }] },
  ], { publishedBy: admin });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Martin' });
  await enrol(request, learner, course.id);

  // The learner opens a question from the player's "Discussions" tab, tied to the lesson being read.
  await signInBrowser(page, learner);
  await page.goto(webPaths.learn(course.id, course.lessonIds[0]!));
  await expect(page.getByRole('heading', { level: 1, name: 'Choisir le composteur' })).toBeVisible();
  await page.getByRole('tab', { name: 'Discussions' }).click();
  await expect(page.getByText('Aucune discussion sur cette leçon pour l’instant.')).toBeVisible();
  await page.getByRole('button', { name: 'Poser une question ou ouvrir une discussion' }).click();
  const form = page.getByRole('form', { name: 'Nouvelle discussion' });
  await form.getByRole('textbox', { name: 'Titre' }).fill('Quel volume pour douze foyers ?');
  await form.getByRole('textbox', { name: 'Message' }).fill('Nous sommes **douze foyers** : un bac de 400 litres suffit-il ?');
  await form.getByRole('button', { name: 'Publier' }).click();
  const question = page.getByRole('article', { name: 'Quel volume pour douze foyers ?' });
  await expect(question.getByRole('heading', { level: 2, name: 'Quel volume pour douze foyers ?' })).toBeFocused();
  await expect(question.getByText('Choisir le composteur')).toBeVisible();
  await expect(question.getByRole('button', { name: 'Ne plus suivre' })).toBeVisible();
  await expect(question.getByRole('button', { name: 'Verrouiller' })).toHaveCount(0);

  // The trainer reaches it from their course list, answers with the keyboard only, and marks the answer.
  const trainerContext = await browser.newContext();
  const trainerPage = await trainerContext.newPage();
  await signInBrowser(trainerPage, trainer);
  await trainerPage.goto(webPaths.trainerCourses);
  await trainerPage.getByRole('link', { name: `Discussions du cours ${course.title}` }).click();
  await expect(trainerPage.getByRole('heading', { level: 1, name: `Discussions : ${course.title}` })).toBeVisible();
  await trainerPage.getByRole('button', { name: /Quel volume pour douze foyers/ }).click();
  const thread = trainerPage.getByRole('article', { name: 'Quel volume pour douze foyers ?' });
  await expect(thread.getByRole('heading', { level: 2 })).toBeFocused();
  await expectNoAxeViolations(trainerPage);
  const answerBox = thread.getByRole('textbox', { name: 'Votre réponse' });
  await tabTo(trainerPage, answerBox);
  await trainerPage.keyboard.type('Comptez plutôt deux bacs de 400 litres, en alternance.');
  await trainerPage.keyboard.press('Tab');
  await expect(thread.getByRole('button', { name: 'Envoyer la réponse' })).toBeFocused();
  await trainerPage.keyboard.press('Enter');
  await expect(thread.getByText('Votre réponse est publiée.')).toBeVisible();
  await expect(thread.getByText('Comptez plutôt deux bacs de 400 litres, en alternance.')).toBeVisible();
  await thread.getByRole('button', { name: /Marquer comme réponse/ }).click();
  await expect(thread.getByText('Réponse acceptée')).toBeVisible();
  await trainerContext.close();

  // The learner, told by the bell, sees the accepted answer.
  await page.goto(webPaths.courseDiscussions(course.id));
  const row = page.getByRole('list', { name: 'Discussions du cours' }).getByRole('listitem').filter({ hasText: 'Quel volume pour douze foyers ?' });
  await expect(row.getByText('Résolue')).toBeVisible();
  await row.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`${webPaths.courseDiscussions(course.id)}/\\d+$`));
  const answered = page.getByRole('article', { name: 'Quel volume pour douze foyers ?' });
  await expect(answered.getByText('Réponse acceptée')).toBeVisible();
  await expect(answered.getByText('Claire Dubois', { exact: true })).toBeVisible();
  await expect(answered.getByText('Comptez plutôt deux bacs de 400 litres, en alternance.')).toBeVisible();
});
