import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons, enrol } from './support/learning';
import { approvedTrainer } from './support/roles';

// Issue 27: the player's beats become the attendance the trainer reads, and the certificat de
// réalisation an administrator downloads. `?battement=1` makes the player beat every second: the
// server still credits real time only (decision 047).
test('an administrator names the provider, a learner follows a course, the trainer reads the attendance, the administrator downloads the certificat de réalisation and the evidence file', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const title = `Assiduité au compost ${randomUUID().slice(0, 6)}`;
  const course = await createCourseWithLessons(
    request,
    trainer,
    title,
    [{ title: 'Commencer', lessons: [{ title: 'Le bac à compost', duration_minutes: 12, body_markdown: 'Un bac, du carton, des épluchures.' }, { title: 'Le retourner', duration_minutes: 8, body_markdown: 'Une fois par semaine.' }] }],
    { publishedBy: admin },
  );
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Présente' });
  await enrol(request, learner, course.id);

  // The learner follows both lessons; the player beats while each one is on screen.
  await signInBrowser(page, learner);
  const beats = () => page.waitForResponse((r) => r.url().includes(`/api/lessons/`) && r.url().endsWith('/activity') && r.status() === 200);
  await page.goto(`${webPaths.learn(course.id, course.lessonIds[0]!)}?battement=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le bac à compost' })).toBeVisible();
  for (let i = 0; i < 3; i++) await beats();
  await page.getByRole('button', { name: 'Marquer comme terminé' }).click();
  await expect(page.getByRole('button', { name: 'Leçon terminée' })).toBeVisible();
  await page.goto(`${webPaths.learn(course.id, course.lessonIds[1]!)}?battement=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le retourner' })).toBeVisible();
  for (let i = 0; i < 3; i++) await beats();
  await page.getByRole('button', { name: 'Marquer comme terminé' }).click();
  await expect(page.getByRole('button', { name: 'Leçon terminée' })).toBeVisible();

  // The learner's own attendance: the two lessons, one connection.
  const mine = await request.get('/api/user/learning', { headers: bearer(learner) });
  const enrolmentId = ((await mine.json()) as { items: { course_id: number; enrolment_id: number }[] }).items.find((i) => i.course_id === course.id)!.enrolment_id;
  const attendance = (await (await request.get(`/api/enrolments/${enrolmentId}/attendance`, { headers: bearer(learner) })).json()) as { total_estimated_minutes: number; total_on_screen_seconds: number; connections: unknown[] };
  expect(attendance.total_estimated_minutes).toBe(20);
  expect(attendance.total_on_screen_seconds).toBeGreaterThan(0);
  expect(attendance.connections).toHaveLength(1);

  // The trainer opens the course's learners from « Mes cours ».
  const trainerPage = await (await browser.newContext()).newPage();
  await signInBrowser(trainerPage, trainer);
  await trainerPage.goto(webPaths.trainerCourses);
  await trainerPage.getByRole('link', { name: `Apprenants du cours ${title}` }).click();
  await expect(trainerPage.getByRole('heading', { level: 1, name: `Apprenants – ${title}` })).toBeVisible();
  const row = trainerPage.getByRole('row', { name: /Léa Présente/ });
  await expect(row.getByRole('cell', { name: '100 % (2 / 2)' })).toBeVisible();
  await expect(row.getByRole('cell', { name: /min$/ })).toBeVisible();
  await expectNoAxeViolations(trainerPage);
  const csv = trainerPage.waitForEvent('download');
  await row.getByRole('button', { name: "Télécharger l'assiduité (CSV) de Léa Présente" }).click();
  expect((await csv).suggestedFilename()).toBe(`assiduite-${enrolmentId}-${new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' })}.csv`);

  // The administrator names the provider in the settings, then downloads the certificat de réalisation from the same view.
  const adminPage = await (await browser.newContext()).newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto(webPaths.adminSettings);
  const legalName = adminPage.getByRole('textbox', { name: 'Raison sociale' });
  await legalName.fill('Compost & Co Formation');
  await adminPage.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('Les paramètres sont enregistrés.');
  await adminPage.goto(webPaths.courseLearners(course.id));
  const adminRow = adminPage.getByRole('row', { name: /Léa Présente/ });
  const pdf = adminPage.waitForEvent('download');
  await adminRow.getByRole('button', { name: 'Télécharger le certificat de réalisation de Léa Présente' }).click();
  const download = await pdf;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^certificat-de-realisation-${enrolmentId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const text = pdfText(await readFile((await download.path())!)).replace(/\n/g, ' ');
  for (const expected of ['Compost & Co Formation', 'Certificat de réalisation', 'Léa Présente', `a suivi l'action «\u00a0${title}\u00a0»`, '[X] action de formation', 'pour une durée de 20 min', 'à distance']) {
    expect(text).toContain(expected);
  }

  // And the course's evidence file from its page in the administration.
  await adminPage.goto(webPaths.adminCourse(course.id));
  const zip = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Télécharger le dossier de preuves' }).click();
  expect((await zip).suggestedFilename()).toBe(`preuves-cours-${course.id}.zip`);
});
