import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminAccount, signInBrowser } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons } from './support/learning';
import { approvedTrainer } from './support/roles';

/** The titles of the lessons of a chapter, in the order shown. */
async function lessonTitles(list: Locator): Promise<string[]> {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
}

async function addLesson(page: Page, chapter: string, lesson: { title: string; minutes: string; body: string; preview?: boolean }) {
  await page.getByRole('button', { name: `Ajouter une leçon au chapitre « ${chapter} »` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une leçon' });
  await dialog.getByLabel('Titre de la leçon').fill(lesson.title);
  await dialog.getByLabel('Durée (en minutes)').fill(lesson.minutes);
  if (lesson.preview) await dialog.getByRole('switch', { name: 'Aperçu gratuit' }).check();
  await dialog.getByLabel('Contenu (Markdown)').fill(lesson.body);
  await dialog.getByRole('button', { name: 'Enregistrer la leçon' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Leçon « ${lesson.title} » enregistrée.`)).toBeVisible();
}

// At phone width: the editor must be usable on a 360 px screen.
test.use({ viewport: { width: 360, height: 740 } });

test('an approved trainer fills the public information, builds chapters and lessons, reorders with the keyboard, previews, and the order survives a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const title = `Compostage de quartier ${suffix}`;
  const trainer = await approvedTrainer(request, await adminAccount(request), { firstname: 'Léa', lastname: 'Rédactrice' });
  // A course with no chapter yet: the journey writes its content through the editor.
  await createCourseWithLessons(request, trainer, title, []);

  await signInBrowser(page, trainer);
  await page.goto('/formateur/courses');
  await page.getByRole('link', { name: `Contenu du cours ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contenu du cours' })).toBeVisible();
  await expect(page.getByText("Ce cours n'a pas encore de chapitre. Commencez par en ajouter un.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Public information.
  await page.getByRole('textbox', { name: 'Objectif 1', exact: true }).fill('Choisir et installer un composteur collectif');
  await page.getByRole('button', { name: 'Ajouter un objectif' }).click();
  await page.getByRole('textbox', { name: 'Objectif 2', exact: true }).fill('Animer un groupe de volontaires');
  await page.getByLabel('Public visé').fill('Habitants, syndics et gardiens d’immeuble');
  await page.getByLabel('Prérequis').fill('Aucun');
  await page.getByLabel("Modalités d'évaluation").fill('Quiz final et visite de site');
  await page.getByRole('button', { name: 'Enregistrer les informations' }).click();
  await expect(page.getByText('Informations publiques enregistrées.')).toBeVisible();

  // Two chapters.
  for (const chapter of ['Préparer le site', 'Faire vivre le compost']) {
    await page.getByRole('button', { name: 'Ajouter un chapitre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un chapitre' });
    await dialog.getByLabel('Titre du chapitre').fill(chapter);
    await dialog.getByRole('button', { name: 'Ajouter le chapitre' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(chapter) })).toBeVisible();
  }

  // Three text lessons: two in the first chapter, one in the second.
  await addLesson(page, 'Préparer le site', { title: 'Choisir le lieu', minutes: '10', body: 'Un lieu **ombragé**, accessible à tous.', preview: true });
  await addLesson(page, 'Préparer le site', { title: 'Réunir les volontaires', minutes: '15', body: '## Pourquoi un groupe\n\nLe compost se fait à plusieurs.' });
  await addLesson(page, 'Faire vivre le compost', { title: 'Retourner le tas', minutes: '5', body: 'Une fois par mois, avec une fourche.' });

  const firstChapter = page.getByRole('list', { name: 'Leçons du chapitre « Préparer le site »' });
  expect(await lessonTitles(firstChapter)).toEqual(['Choisir le lieu', 'Réunir les volontaires']);
  // Nothing wider than the phone: no sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The success toast sits over the list on a phone; axe would count the targets under it as too small.
  await page.getByRole('alert').filter({ hasText: 'Retourner le tas' }).getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByText('Leçon « Retourner le tas » enregistrée.')).toBeHidden();
  await expectNoAxeViolations(page);

  // The keyboard alternative to drag and drop.
  await page.getByRole('button', { name: 'Descendre la leçon « Choisir le lieu »' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('La leçon « Choisir le lieu » est maintenant en position 2 sur 2.')).toBeAttached();
  await expect.poll(() => lessonTitles(firstChapter)).toEqual(['Réunir les volontaires', 'Choisir le lieu']);

  // Drag and drop from the keyboard, through the handle, announced in French.
  await page.getByRole('button', { name: 'Déplacer la leçon « Réunir les volontaires »' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('La leçon « Réunir les volontaires » est saisie, en position 1 sur 2.')).toBeAttached();
  // dnd-kit measures the drop targets just after the pick-up: an arrow pressed before that is lost.
  // With two lessons, a second press keeps position 2.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText('La leçon « Réunir les volontaires » passe en position 2 sur 2.')).toBeAttached({ timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(page.getByText('La leçon « Réunir les volontaires » est déposée en position 2 sur 2.')).toBeAttached();
  await expect.poll(() => lessonTitles(firstChapter)).toEqual(['Choisir le lieu', 'Réunir les volontaires']);
  await page.getByRole('button', { name: 'Monter la leçon « Réunir les volontaires »' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => lessonTitles(firstChapter)).toEqual(['Réunir les volontaires', 'Choisir le lieu']);

  // The preview is the lesson as learners see it.
  await page.getByRole('button', { name: 'Modifier la leçon « Réunir les volontaires »' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier la leçon « Réunir les volontaires »' });
  await expect(dialog.getByLabel('Contenu (Markdown)')).toHaveValue('## Pourquoi un groupe\n\nLe compost se fait à plusieurs.');
  await dialog.getByRole('tab', { name: 'Prévisualiser' }).click();
  await expect(dialog.getByRole('heading', { level: 2, name: 'Pourquoi un groupe' })).toBeVisible();
  await expect(dialog.getByText('Le compost se fait à plusieurs.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();

  // The order was saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Contenu du cours' })).toBeVisible();
  await expect.poll(() => lessonTitles(firstChapter)).toEqual(['Réunir les volontaires', 'Choisir le lieu']);
  await expect(page.getByRole('textbox', { name: 'Objectif 2', exact: true })).toHaveValue('Animer un groupe de volontaires');
  const chapters = page.getByRole('list', { name: 'Chapitres du cours' });
  await expect(chapters.getByRole('heading', { level: 3 })).toHaveText([/Préparer le site/, /Faire vivre le compost/]);
});
