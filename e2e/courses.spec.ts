import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { pngImage } from '../src/server/test/files';
import { adminAccount, bearer, loginViaApi, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { publishCourse } from './support/learning';
import { expectInViewport } from './support/viewport';

test('an approved trainer publishes a course that a member finds without accents, opens by its address, joins and sees in Activité', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const title = `Écologie des rivières et zones humides ${suffix}`;

  // An approved trainer: signed up, then approved by the administrator.
  const signedUp = await signupViaApi(request, 'formateur', { firstname: 'Élise', lastname: 'Fontaine' });
  const admin = await adminAccount(request);
  const approval = await request.put(`/api/admin/users/${signedUp.user.id}/status`, { data: { is_valid: true }, headers: bearer(admin) });
  expect(approval.ok()).toBe(true);
  const trainer = await loginViaApi(request, signedUp.email, signedUp.password);
  expect(trainer.user.is_valid).toBe(true);

  await signInBrowser(page, trainer);
  await page.goto('/formateur/add-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un nouveau cours' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The shared schema's messages show before anything is sent.
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText('Le titre est obligatoire.')).toBeVisible();
  await expect(page.getByText("L'image du cours est obligatoire.")).toBeVisible();

  await page.getByLabel('Titre du cours').fill(title);
  await page.getByLabel('Description').fill('Comprendre le fonctionnement des rivières, restaurer les zones humides et suivre leur biodiversité.');
  await page.getByLabel('Catégorie').selectOption('ecologie');
  await page.getByLabel('Prix (en €)').fill('84,50');
  await page.getByLabel('Prix remisé (en €, facultatif)').fill('90');
  await page.getByLabel('Rythme conseillé').fill('6 semaines');
  await page.getByLabel('Image du cours *').setInputFiles({ name: 'riviere.png', mimeType: 'image/png', buffer: pngImage(24, 16) });
  await expect(page.getByRole('img', { name: /Aperçu de l'image choisie : riviere\.png/ })).toBeVisible();
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText('Le prix remisé doit être inférieur au prix.')).toBeVisible();
  await page.getByLabel('Prix remisé (en €, facultatif)').fill('74,90');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();

  await expect(page.getByText('Brouillon créé : ajoutez maintenant ses chapitres et ses leçons.')).toBeVisible();
  // Straight on to the content editor of the new draft (issue 25).
  await expect(page).toHaveURL(/\/formateur\/courses\/\d+\/contenu$/, { timeout: 10_000 });
  await page.goto('/formateur/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes cours' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // A new course is a draft until an administrator publishes it.
  await expect(page.getByRole('listitem').filter({ hasText: title }).getByText('Brouillon')).toBeVisible();

  // Its programme: one chapter and one text lesson, written through the content API.
  const mine = await request.get('/api/formateur/courses', { headers: bearer(trainer) });
  const courseId: number = (await mine.json()).items.find((c: { title: string }) => c.title === title).id;
  const section = await request.post(`/api/courses/${courseId}/sections`, { headers: bearer(trainer), data: { title: 'Le cycle de l’eau' } });
  expect(section.status(), await section.text()).toBe(201);
  const lesson = await request.post(`/api/sections/${(await section.json()).id}/lessons`, {
    headers: bearer(trainer),
    data: { title: 'Les zones humides, éponges naturelles', type: 'text', duration_minutes: 20, is_preview: true, body_markdown: 'Les zones humides stockent l’eau et la rendent lentement.' },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  // Submitted and published through the review (its journey is e2e/review.spec.ts).
  await publishCourse(request, trainer, admin, courseId);

  // A member searches without accents.
  const member = await signupViaApi(request, 'membre');
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signInBrowser(memberPage, member);
  await memberPage.goto('/user/courses');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Explorez nos cours' })).toBeVisible();
  await expect(memberPage.getByRole('article').first()).toBeVisible();
  await expectNoAxeViolations(memberPage);

  await memberPage.getByRole('searchbox', { name: 'Rechercher des cours' }).fill(`ecologie des rivieres ${suffix}`);
  await expect(memberPage).toHaveURL(new RegExp(`q=ecologie\\+des\\+rivieres\\+${suffix}`));
  await expect(memberPage.getByRole('article')).toHaveCount(1);
  const link = memberPage.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expect(memberPage.getByRole('article').getByText('Élise Fontaine')).toBeVisible();
  await expect(memberPage.getByRole('article').locator('del')).toContainText('84,50');

  // The search survives a reload.
  await memberPage.reload();
  await expect(memberPage.getByRole('searchbox', { name: 'Rechercher des cours' })).toHaveValue(`ecologie des rivieres ${suffix}`);
  await expect(memberPage.getByRole('link', { name: title })).toBeVisible();

  // Opened by its address, as a shared link would be.
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/user\/courses\/\d+$/);
  await memberPage.goto(href!);
  await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const programme = memberPage.getByRole('region', { name: 'Programme du cours' });
  await expect(programme.getByRole('heading', { level: 3, name: /Chapitre 1\s:\sLe cycle de l’eau/ })).toBeVisible();
  await expect(programme.getByText('Les zones humides, éponges naturelles')).toBeVisible();
  await expect(programme.getByText('Aperçu gratuit')).toBeVisible();
  await expect(programme.getByText('1 leçon · 20 min')).toBeVisible();
  await expect(memberPage.getByText('Garantie de remboursement de 30 jours')).toBeVisible();
  await expectNoAxeViolations(memberPage);

  await memberPage.getByRole('button', { name: 'Sauvegarder pour plus tard' }).click();
  await expect(memberPage.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute('aria-pressed', 'true');
  // A paid course: joining it is signing its contrat de formation (issue 29).
  await memberPage.getByRole('button', { name: "S'inscrire maintenant" }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Contrat de formation' })).toBeVisible();
  await memberPage.getByRole('checkbox', { name: 'J’ai lu et j’accepte le contrat de formation' }).check();
  await memberPage.getByRole('textbox', { name: /Votre nom complet/ }).fill(`${member.user.firstname} ${member.user.lastname}`);
  await memberPage.getByRole('button', { name: 'Signer le contrat' }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Mes contrats' })).toBeVisible();
  await memberPage.goto(href!);
  await expect(memberPage.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Mon contrat et mes échéances' })).toBeVisible();

  // Still enrolled after a reload: it is stored, not remembered by the page.
  await memberPage.reload();
  await expect(memberPage.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();

  await memberPage.goto('/profile');
  await memberPage.getByRole('tab', { name: 'Activité' }).click();
  const enrolled = memberPage.getByRole('region', { name: 'Mes inscriptions' });
  await expect(enrolled.getByRole('link', { name: title })).toBeVisible();
  await expect(memberPage.getByRole('region', { name: 'Sauvegardés pour plus tard' }).getByRole('link', { name: title })).toBeVisible();
  await context.close();
});

test('a visitor browses /courses/ecologie, deselects the theme, opens a course without an account, logs in from it and comes back enrolled', async ({ page, request }) => {
  const member = await signupViaApi(request, 'membre');
  await page.goto('/courses/ecologie');
  await expect(page.getByRole('heading', { level: 1, name: 'Explorez nos cours' })).toBeVisible();
  const chip = page.getByRole('button', { name: /^Écologie/ });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card.getByText('Écologie', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await chip.click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(chip).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: /^Biodiversité/ }).click();
  await expect(page).toHaveURL(/\/courses\/biodiversite$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/courses$/);

  await page.getByRole('searchbox', { name: 'Rechercher des cours' }).fill('zzzz introuvable');
  await expect(page.getByText("Aucun cours ne correspond à vos critères. Essayez d'ajuster votre recherche.")).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher des cours' }).fill('dechet');
  // A free introduction: a paid course goes through its contract (e2e/contracts.spec.ts).
  const card = page.getByRole('link', { name: 'Premiers pas vers le zéro déchet' });
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/courses\/\d+$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Premiers pas vers le zéro déchet' })).toBeVisible();
  await page.getByRole('link', { name: 'Connectez-vous pour vous inscrire' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Adresse e-mail').fill(member.email);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(member.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/user${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Premiers pas vers le zéro déchet' })).toBeVisible();
  await expect(page.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();
});

test('an unknown course address shows the not-found screen', async ({ page, request }) => {
  const member = await signupViaApi(request, 'membre');
  await signInBrowser(page, member);
  await page.goto('/user/courses/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Cours non trouvé' })).toBeVisible();
  await expect(page.getByText("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.")).toBeVisible();
  await page.getByRole('link', { name: 'Retour aux cours' }).click();
  await expect(page).toHaveURL(/\/user\/courses$/);
});

test('a member is turned away from the course creation form with a French explanation', async ({ page, request }) => {
  const member = await signupViaApi(request, 'membre');
  await signInBrowser(page, member);
  await page.goto('/instructor/courses/create');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Seuls les formateurs approuvés et les administrateurs peuvent créer des cours.')).toBeVisible();
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** Whether something on the page is wider than the screen, so the page scrolls sideways. */
  function scrollsSideways(page: Page): Promise<boolean> {
    return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }

  test('the course detail shows its price and enrolment at the bottom of the screen from the start', async ({ page, request }) => {
    const member = await signupViaApi(request, 'membre');
    await signInBrowser(page, member);
    await page.goto('/user/courses');
    // Other specs publish courses too: search, so the demo course is on the first page whatever ran before.
    await page.getByRole('searchbox', { name: 'Rechercher des cours' }).fill('dechet');
    // A free introduction, joined directly: a paid course goes through its contract (e2e/contracts.spec.ts).
    await page.getByRole('link', { name: 'Premiers pas vers le zéro déchet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Premiers pas vers le zéro déchet' })).toBeVisible();
    const bar = page.getByRole('region', { name: 'Prix et inscription' });
    await expectInViewport(bar, { ratio: 1 });
    await expect(bar.getByText('Gratuit').first()).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);

    // At the very end of the page the bar sits after the content and covers none of it.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const instructor = page.getByRole('region', { name: 'Votre formateur' });
    const [barBox, instructorBox] = [await bar.boundingBox(), await instructor.boundingBox()];
    expect(barBox!.y).toBeGreaterThanOrEqual(instructorBox!.y + instructorBox!.height);

    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole('button', { name: "S'inscrire maintenant" }).click();
    await expectInViewport(bar.getByText('Vous suivez ce cours.'));
  });

  test('the course form fits the screen, file buttons included', async ({ page, request }) => {
    await signInBrowser(page, await adminAccount(request));
    await page.goto('/formateur/add-course');
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un nouveau cours' })).toBeVisible();
    for (const text of ['Choisir une image', 'Choisir un fichier']) {
      const button = page.getByText(text, { exact: true });
      await button.scrollIntoViewIfNeeded();
      await expectInViewport(button, { ratio: 1 });
    }
    expect(await scrollsSideways(page)).toBe(false);
  });
});
