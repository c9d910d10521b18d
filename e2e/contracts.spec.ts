import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { frenchDay, type MyContracts } from '../src/shared/contracts';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons } from './support/learning';
import { approvedTrainer } from './support/roles';

// Issue 29: « S'inscrire » on a paid course leads to the contrat de formation; the learner signs it,
// reads the withdrawal date and the schedule in their space, and withdraws within the period. The
// e2e server cannot move its clock: the invoicing of due instalments and their payment are proved by
// the API tests (contracts.test.ts), on a moved clock.
test('a learner signs the contract of a paid course, sees the withdrawal date and the schedule, and withdraws', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const title = `Composter en copropriété ${randomUUID().slice(0, 6)}`;
  const course = await createCourseWithLessons(request, trainer, title, [{ title: 'Commencer', lessons: [{ title: 'Le bac', duration_minutes: 10, body_markdown: 'Un bac, du carton.' }] }], {
    publishedBy: admin,
    price: '120',
  });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Signataire' });

  await signInBrowser(page, learner);
  await page.goto(webPaths.courseDetail(course.id));
  await page.getByRole('button', { name: "S'inscrire maintenant" }).first().click();
  await expect(page).toHaveURL(webPaths.courseContract(course.id));
  await expect(page.getByRole('heading', { level: 1, name: 'Contrat de formation' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Texte du contrat' })).toContainText('Article 10 – Délai de rétractation');
  await expectNoAxeViolations(page);

  // Signing without ticking the box is refused on the page; a name other than the account's by the server.
  await page.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(page.getByText('Cochez la case')).toBeVisible();
  await page.getByRole('checkbox', { name: 'J’ai lu et j’accepte le contrat de formation' }).check();
  await page.getByRole('textbox', { name: /Votre nom complet/ }).fill('Jean Dupont');
  await page.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(page.getByText('Le nom saisi doit être celui de votre compte (prénom et nom).')).toBeVisible();
  await page.getByRole('textbox', { name: /Votre nom complet/ }).fill('Léa Signataire');
  await page.getByRole('button', { name: 'Signer le contrat' }).click();

  // The learner's space: the withdrawal date, the schedule (36 € after the period, then at 50 % and 100 %).
  await expect(page).toHaveURL(webPaths.myContracts);
  const card = page.getByRole('article', { name: title });
  const mine = (await (await request.get('/api/user/contracts', { headers: bearer(learner) })).json()) as MyContracts;
  const contract = mine.items.find((c) => c.course_id === course.id)!;
  await expect(card).toContainText(`jusqu’au ${frenchDay(contract.withdrawal_until)} inclus`);
  await expect(card).toContainText('Premier versement (30 % du prix)');
  await expect(card.getByText(/36,00/)).toBeVisible();
  await expect(card.getByText('À venir')).toHaveCount(3);
  await expectNoAxeViolations(page);

  // Withdrawing within the period: one button, a confirmation, everything cancelled.
  await card.getByRole('button', { name: 'Me rétracter' }).click();
  await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();
  await expect(card).toContainText('Rétracté le');
  await expect(card.getByText('Annulée')).toHaveCount(3);
  await expect(card.getByRole('button', { name: 'Me rétracter' })).toHaveCount(0);
});
