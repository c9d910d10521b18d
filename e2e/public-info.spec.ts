import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { expectNoAxeViolations } from './support/axe';

test('a visitor reads the practical information and the 12-month results of a demo course (Qualiopi indicators 1 and 2)', async ({ page }) => {
  const res = await page.request.get(`/api/courses?q=${encodeURIComponent('dechet')}`);
  expect(res.ok()).toBe(true);
  const course = (await res.json()).items.find((c: { title: string }) => c.title === 'Zéro déchet en entreprise');
  expect(course).toBeDefined();
  await page.goto(webPaths.publicCourse(course.id));
  await expect(page.getByRole('heading', { level: 1, name: 'Zéro déchet en entreprise' })).toBeVisible();

  const practical = page.getByRole('region', { name: 'Informations pratiques' });
  for (const term of ["Délais d'accès", 'Méthodes mobilisées', 'Accessibilité aux personnes en situation de handicap', 'Contact']) {
    await expect(practical.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(practical.getByText(/formation@ecoforma\.example/)).toBeVisible();
  await expect(practical.getByText(/^Mis à jour le \d{1,2}(er)? \p{L}+ \d{4}$/u)).toBeVisible();

  const results = page.getByRole('region', { name: 'Résultats de la formation' });
  await expect(results.getByText(/^Résultats du \d{1,2}(er)? \p{L}+ \d{4} au \d{1,2}(er)? \p{L}+ \d{4}\s:$/u)).toBeVisible();
  await expect(results.getByText(/^Chiffres calculés le /)).toBeVisible();
  await expectNoAxeViolations(page);
});
