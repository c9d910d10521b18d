import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons } from './support/learning';
import { approvedTrainer } from './support/roles';

const lessons = [
  { title: 'Pourquoi réduire ses déchets', duration_minutes: 8, body_markdown: '## Les chiffres\n\nChaque salarié produit **120 kg** de déchets par an.\n\n- papier\n- emballages' },
  { title: 'Faire le diagnostic', duration_minutes: 15, body_markdown: 'Pesez vos poubelles pendant une semaine et notez les flux.' },
  { title: 'Mettre en place le tri', duration_minutes: 20, body_markdown: 'Installez des points de tri près des lieux de consommation.' },
  { title: 'Suivre les progrès', duration_minutes: 10, body_markdown: 'Affichez les résultats chaque mois.' },
];

test('a learner enrols, follows three lessons, leaves, and resumes from Mes formations on the right lesson', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(request, trainer, `Zéro déchet au bureau ${randomUUID().slice(0, 6)}`, [
    { title: 'Comprendre', lessons: lessons.slice(0, 2) },
    { title: 'Agir', lessons: lessons.slice(2) },
  ], { publishedBy: admin });
  const learner = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Martin' });

  await signInBrowser(page, learner);
  await page.goto(webPaths.courseDetail(course.id));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.getByRole('button', { name: "S'inscrire maintenant" }).first().click();
  await expect(page.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();

  // Mes formations, from the navigation: the new course, not started yet.
  await page.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Mes formations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes formations' })).toBeVisible();
  const card = page.getByRole('listitem', { name: course.title });
  await expect(card.getByText('0 leçon sur 4')).toBeVisible();
  await card.getByRole('link', { name: 'Commencer' }).click();

  const progress = page.getByRole('progressbar', { name: 'Progression dans le cours' });
  for (const [index, lesson] of lessons.slice(0, 3).entries()) {
    await expect(page).toHaveURL(new RegExp(`${webPaths.learn(course.id, course.lessonIds[index]!)}$`));
    await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
    await page.getByRole('button', { name: 'Marquer comme terminé' }).click();
    await expect(page.getByRole('button', { name: 'Leçon terminée' })).toBeVisible();
    const percent = Math.floor(((index + 1) * 100) / lessons.length);
    await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
    await expect(page.getByRole('navigation', { name: 'Plan du cours' }).getByRole('link', { name: new RegExp(`${lesson.title}.*\\(terminée\\)`) })).toBeVisible();
    if (index === 0) {
      await expect(page.getByRole('heading', { level: 2, name: 'Les chiffres' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.getByRole('link', { name: 'Leçon suivante' }).click();
  }
  // The fourth lesson is open: that is where the learner left.
  await expect(page.getByRole('heading', { level: 1, name: lessons[3]!.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leçon suivante' })).toHaveCount(0);

  await page.goto(webPaths.home);
  await page.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Mes formations' }).click();
  const resumed = page.getByRole('listitem', { name: course.title });
  await expect(resumed.getByText('3 leçons sur 4')).toBeVisible();
  await expect(resumed.getByText('75 %')).toBeVisible();
  await expectNoAxeViolations(page);
  await resumed.getByRole('link', { name: 'Reprendre' }).click();

  await expect(page).toHaveURL(new RegExp(`${webPaths.learn(course.id, course.lessonIds[3]!)}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[3]!.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marquer comme terminé' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '75');

  // On a 360 px phone the lesson reads without sideways scrolling, and the outline opens from its button.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Afficher le plan du cours' }).click();
  await expect(page.getByRole('navigation', { name: 'Plan du cours' }).getByRole('link', { name: lessons[3]!.title })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a learner reads the demo PDF lesson in the page and plays the demo video, served with Range', async ({ page, request }) => {
  const learner = await signupViaApi(request, 'membre', { firstname: 'Noé', lastname: 'Lefèvre' });
  await signInBrowser(page, learner);
  // The video is in the first free introduction, joined directly (a paid course goes through its contract).
  const found = await request.get('/api/courses?q=introduction');
  const course = (await found.json()).items.find((item: { title: string }) => item.title === 'Introduction au développement durable');
  await page.goto(webPaths.courseDetail(course.id));
  await page.getByRole('button', { name: "S'inscrire maintenant" }).first().click();
  await expect(page.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  await page.goto(webPaths.learn(course.id));
  await expect(page).toHaveURL(new RegExp(`${webPaths.learn(course.id)}/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's inline script ran (the CSP allows it by its hash) and started the course, its outline
  // and the lesson where it resumes as the page arrived; the player took them instead of asking again (decision 035).
  expect(await page.evaluate(() => Object.keys(window.__ecoformaEarlyRequests ?? { absent: true }))).toEqual([]);
  const lessonId = new URL(page.url()).pathname.split('/').pop();
  for (const path of [`/api/courses/${course.id}`, `/api/courses/${course.id}/outline`, `/api/lessons/${lessonId}`]) {
    expect(apiCalls.filter((call) => call === path), path).toHaveLength(1);
  }
  const outline = page.getByRole('navigation', { name: 'Plan du cours' });

  await outline.getByRole('link', { name: /Fiche récapitulative du cours/ }).click();
  const pdf = page.getByTitle('Document PDF\u00a0: Fiche récapitulative du cours');
  await expect(pdf).toBeVisible();
  const pdfAnswer = await page.request.get((await pdf.getAttribute('src'))!);
  expect([pdfAnswer.status(), pdfAnswer.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await expect(page.getByRole('link', { name: 'Télécharger le PDF' })).toBeVisible();

  await outline.getByRole('link', { name: /Présentation du cours en vidéo/ }).click();
  const video = page.getByLabel('Vidéo\u00a0: Présentation du cours en vidéo');
  const src = (await video.getAttribute('src'))!;
  const ranged = await page.request.get(src, { headers: { Range: 'bytes=1000-1999' } });
  expect([ranged.status(), ranged.headers()['content-range']]).toEqual([206, expect.stringMatching(/^bytes 1000-1999\/\d+$/)]);
  // It plays: muted, as browsers allow without a gesture, until time moves on.
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
});
