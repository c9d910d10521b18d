import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, bearer, signupViaApi, type TestAccount } from './support/api';
import { createCourseWithLessons, enrol } from './support/learning';
import { approvedTrainer } from './support/roles';
import { tabTo } from './support/keyboard';

async function replyViaApi(request: APIRequestContext, account: TestAccount, threadId: number, body: string) {
  const res = await request.post(`/api/threads/${threadId}/replies`, { headers: bearer(account), data: { body } });
  expect(res.status(), await res.text()).toBe(201);
}

test('after logging in, « Votre activité » leads with the keyboard to a new reply; the thread and the panel follow live', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(request, trainer, `Compost partagé ${randomUUID().slice(0, 6)}`, [
    { title: 'Démarrer', lessons: [{ title: 'Choisir le composteur', duration_minutes: 10, body_markdown: 'Bois ou plastique recyclé.' }] },
  ], { publishedBy: admin });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Martin' });
  const classmate = await signupViaApi(request, 'membre', { firstname: 'Paul', lastname: 'Camarade' });
  await enrol(request, learner, course.id);
  await enrol(request, classmate, course.id);

  // Léa asked a question and wrote to the trainer; a classmate answered, the trainer wrote back.
  const opened = await request.post(`/api/courses/${course.id}/threads`, { headers: bearer(learner), data: { title: 'Quel volume pour douze foyers ?', body: 'Un bac de 400 litres suffit-il ?', kind: 'question' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const threadId: number = (await opened.json()).id;
  await replyViaApi(request, classmate, threadId, 'Chez nous, deux bacs.');
  const conversation = await request.post('/api/conversations', { headers: bearer(learner), data: { recipient_id: trainer.user.id, course_id: course.id } });
  expect(conversation.status(), await conversation.text()).toBe(201);
  const conversationId: number = (await conversation.json()).id;
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, { headers: bearer(trainer), data: { body: 'Bonjour Léa, je regarde votre question.' } });
  expect(sent.status(), await sent.text()).toBe(201);

  // She logs in and lands on the catalogue, topped by her activity.
  await page.goto(webPaths.login);
  await page.getByLabel('Adresse e-mail').fill(learner.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`${webPaths.catalogue}$`));
  const panel = page.getByRole('region', { name: 'Votre activité' });
  await expect(panel.getByRole('link', { name: '1 message non lu' })).toHaveAttribute('href', webPaths.messages());
  await expect(panel.getByRole('link', { name: 'Claire Dubois' })).toBeVisible();
  await expect(panel.getByText(/je regarde votre question/)).toBeVisible();
  const newReply = panel.getByRole('link', { name: 'Quel volume pour douze foyers ?' });
  await expect(newReply).toBeVisible();

  // The keyboard reaches the new reply and opens the thread.
  await tabTo(page, newReply);
  await page.keyboard.press('Enter');
  const thread = page.getByRole('article', { name: 'Quel volume pour douze foyers ?' });
  await expect(thread.getByText('Chez nous, deux bacs.')).toBeVisible();

  // The trainer answers while she reads: the reply shows without a reload.
  await replyViaApi(request, trainer, threadId, 'Comptez deux bacs de 400 litres, en alternance.');
  await expect(thread.getByText('Comptez deux bacs de 400 litres, en alternance.')).toBeVisible();
  await expect(thread.getByRole('heading', { name: '2 réponses' })).toBeVisible();

  // Back on the catalogue the replies she has read are gone; a new one appears as it is posted.
  await page.goto(webPaths.catalogue);
  await expect(panel.getByText('Aucune nouvelle réponse.')).toBeVisible();
  await replyViaApi(request, classmate, threadId, 'Et un bac de matière sèche.');
  await expect(panel.getByRole('link', { name: 'Quel volume pour douze foyers ?' })).toBeVisible();
});
