import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { pdfText } from '../src/server/test/pdf';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { addQuiz, createCourseWithLessons, enrol } from './support/learning';
import { approvedTrainer } from './support/roles';

test('a learner fails a quiz, retries, passes, completes the course, rates it, downloads the attestation and checks it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(request, trainer, `Composter au bureau ${randomUUID().slice(0, 6)}`, [
    { title: 'Les bases', lessons: [{ title: 'Le bac à compost', duration_minutes: 5, body_markdown: 'Un bac, du broyat, de la patience.' }] },
  ], { publishedBy: admin });
  const quizId = await addQuiz(request, trainer, course.id, {
    title: 'Quiz du compost',
    max_attempts: 3,
    questions: [
      { type: 'single', prompt: 'Quel déchet va au compost ?', options: [{ text: 'Épluchures', correct: true }, { text: 'Verre', correct: false }], explanation: 'Les épluchures sont des biodéchets.' },
      { type: 'true_false', prompt: 'Le compost doit rester humide.', options: [{ text: 'Vrai', correct: true }, { text: 'Faux', correct: false }] },
    ],
  });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Martin' });
  await enrol(request, learner, course.id);

  // The text lesson is done already: passing the quiz completes the course.
  const done = await request.post(`/api/lessons/${course.lessonIds[0]}/complete`, { headers: bearer(learner) });
  expect(done.ok(), await done.text()).toBe(true);

  await signInBrowser(page, learner);
  await page.goto(webPaths.learn(course.id, quizId));
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz du compost' })).toBeVisible();
  const quizLink = page.getByRole('navigation', { name: 'Plan du cours' }).getByRole('link', { name: /Quiz du compost/ });
  await expect(quizLink).not.toHaveAccessibleName(/terminée/);

  // First attempt: one wrong answer out of two, below the 80 % mark. The quiz keeps its correction
  // until it is passed or the last attempt is used (the default): the wrong question is named, not its answer.
  await page.getByRole('group', { name: /Quel déchet va au compost/ }).getByRole('radio', { name: 'Verre' }).check();
  await page.getByRole('group', { name: /Le compost doit rester humide/ }).getByRole('radio', { name: 'Vrai' }).check();
  await page.getByRole('button', { name: 'Valider mes réponses' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Votre résultat.*50 %/ })).toBeFocused();
  await expect(page.getByText(/Vous n'avez pas atteint le seuil de réussite de 80/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /Question 1.*réponse incorrecte/ })).toBeVisible();
  await expect(page.getByText('La correction sera affichée quand vous aurez réussi le quiz ou utilisé votre dernière tentative.')).toBeVisible();
  await expect(page.getByText('Les épluchures sont des biodéchets.')).toHaveCount(0);
  await expect(page.getByText('(bonne réponse)')).toHaveCount(0);
  await expect(page.getByText(/Tentatives restantes.*2 sur 3/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Réessayer' }).click();
  await page.getByRole('radio', { name: 'Épluchures' }).check();
  await page.getByRole('radio', { name: 'Vrai' }).check();
  await page.getByRole('button', { name: 'Valider mes réponses' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Votre résultat.*100 %/ })).toBeVisible();
  await expect(page.getByText(/Bravo, vous avez réussi ce quiz/)).toBeVisible();
  // Passed: now the correction comes, with the explanations.
  await expect(page.getByText('Les épluchures sont des biodéchets.')).toBeVisible();
  await expect(quizLink).toHaveAccessibleName(/\(terminée\)/);

  // After a reload the server says the same: passed, best score 100 %.
  await page.reload();
  await expect(page.getByText(/Meilleur score.*100 %/)).toBeVisible();
  await expect(page.getByText('Quiz réussi')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Plan du cours' }).getByRole('link', { name: /Quiz du compost.*\(terminée\)/ })).toBeVisible();

  // The course is complete: the player asks for an opinion; the note is chosen with the arrow keys.
  const opinion = page.getByRole('region', { name: 'Votre avis sur la formation' });
  await opinion.getByRole('radio', { name: '3 sur 5 – Moyennement satisfait' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(opinion.getByRole('radio', { name: '4 sur 5 – Satisfait' })).toBeChecked();
  await opinion.getByRole('textbox', { name: 'Votre commentaire (facultatif)' }).fill('Concret et bien expliqué.');
  await expectNoAxeViolations(page);
  await opinion.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(opinion.getByText('Merci pour votre avis !')).toBeVisible();

  // The course is complete: "Mes formations" offers the attestation.
  await page.goto(webPaths.myLearning);
  // The first of the two: the course's card, then its line under « Mes attestations ».
  const card = page.getByRole('listitem', { name: course.title }).first();
  await expect(card.getByText('Terminé')).toBeVisible();
  await expect(card.getByText('Concret et bien expliqué.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: "Télécharger l'attestation" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^attestation-EF-\d{4}-\d{6}\.pdf$/);
  const pdf = await fs.readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Léa Martin');
  expect(text).toContain(course.title);

  // The QR code holds the verification page's address; the PDF prints it too, and the card links to it.
  const verifyLink = card.getByRole('link', { name: 'Page de vérification' });
  const href = (await verifyLink.getAttribute('href'))!;
  expect(text).toContain(new URL(href, page.url()).href);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 2, name: 'Attestation valide' })).toBeVisible();
  await expect(page.getByText('Léa Martin')).toBeVisible();
  await expect(page.getByText(course.title)).toBeVisible();
  await expectNoAxeViolations(page);
});
