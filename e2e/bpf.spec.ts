import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons, enrol } from './support/learning';

/**
 * The BPF (issue 29): this year's enrolment of a new learner shows as anomalies on /admin/bpf
 * (reached from the admin menu); the administrator classifies the learner, the course and its
 * trainer in place, the anomalies go, the frames count the learner, and the CSV downloads.
 */
test('the admin classifies this year’s anomalies in place on /admin/bpf and downloads the CSV', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const admin = await adminAccount(request);
  const trainer = await signupViaApi(request, 'formateur', { lastname: `Formatrice${tag}` });
  const approved = await request.put(`/api/admin/users/${trainer.user.id}/status`, { headers: bearer(admin), data: { is_valid: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  const title = `Réduire ses déchets ${tag}`;
  const course = await createCourseWithLessons(request, trainer, title, [{ title: 'Chapitre 1', lessons: [{ title: 'Trier', duration_minutes: 10, body_markdown: 'Trier ses déchets.' }] }], { publishedBy: admin });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Lou', lastname: `Stagiaire${tag}` });
  await enrol(request, learner, course.id);

  const year = new Date().getFullYear();
  await signInBrowser(page, admin);
  await page.goto(webPaths.adminDashboard);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'BPF' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bilan pédagogique et financier' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Année' }).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`annee=${year}`));

  const enrolment = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Inscription\\s*:\\s*Lou Stagiaire${tag}`) }) });
  await expect(enrolment).toBeVisible();
  await expectNoAxeViolations(page);
  await enrolment.getByRole('combobox', { name: 'Type de stagiaire (F-1)' }).click();
  await page.getByRole('option', { name: /Particuliers à leurs propres frais/ }).click();
  await expect(enrolment).toBeHidden();

  const courseItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Formation\\s*:\\s*${title}`) }) });
  await courseItem.getByRole('combobox', { name: 'Objectif (F-3)' }).click();
  await page.getByRole('option', { name: /Autres formations professionnelles/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Classement enregistré.' })).toBeVisible();
  await courseItem.getByRole('combobox', { name: 'Spécialité NSF (F-4)' }).click();
  await page.getByRole('option', { name: /^343/ }).click();
  await expect(courseItem).toBeHidden();

  const trainerItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Formateur\\s*:\\s*Camille Formatrice${tag}`) }) });
  await trainerItem.getByRole('combobox', { name: 'Interne ou externe (E)' }).click();
  await page.getByRole('option', { name: 'Externe' }).click();
  await expect(trainerItem).toBeHidden();

  // The frames count the learner: F-4 names the speciality just chosen.
  const f4 = page.getByRole('table', { name: 'Cadre F-4 – Spécialités de formation' });
  await expect(f4.getByRole('rowheader', { name: 'Nettoyage, assainissement, protection de l’environnement' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Télécharger le BPF ${year} (CSV)` }).click();
  expect((await download).suggestedFilename()).toBe(`bpf-${year}.csv`);
});
