import { expect, test, type Page } from '@playwright/test';
import { expectInViewport, expectNotInViewport } from './support/viewport';

/** The landing page once its fade-ins are over, so every text is where a reader sees it. */
async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prêt à faire la différence ?' })).toBeVisible();
}

test.describe('landing page', () => {
  test('shows the texts of spec section 2', async ({ page }) => {
    await openLanding(page);
    await expect(page).toHaveTitle('EcoForma – Formations au développement durable');
    const stats = page.getByRole('region', { name: 'EcoForma en chiffres' });
    await expect(stats.getByRole('listitem')).toHaveText(['1500+ apprenants', '20+ formations spécialisées', '95 % de satisfaction']);
    await expect(page.getByRole('heading', { level: 2, name: 'Qui sommes-nous ?' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Notre programme' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText([
      'Nos thématiques',
      "Notre domaine d'expertise",
      'Comment ça marche',
      'Membres et apprenants',
      'Formateurs',
      'Organisations',
    ]);
    for (const theme of ['RSE (responsabilité sociétale des entreprises)', 'Écologie', 'Biodiversité', 'Éco-agriculture', 'Gestion des déchets', 'Éco-construction']) {
      await expect(page.getByRole('main').getByText(theme, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Des cours conçus par des experts du terrain')).toBeVisible();
    await expect(page.getByText('avec un accompagnement personnalisé')).toBeVisible();
    await expect(page.getByText('disponible 24 h/24 et 7 j/7')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pour qui ?' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Rejoignez le mouvement' })).toBeVisible();
    // One h1, and no heading level skipped.
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((nodes) => nodes.map((n) => Number(n.tagName[1])));
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    });
  });

  test('points every landing link where the spec says', async ({ page }) => {
    await openLanding(page);
    const main = page.getByRole('main');
    const expected: [string, string][] = [
      ['Commencer maintenant', '/signup'],
      ['En savoir plus', '/about'],
      ['Découvrir notre mission', '/about'],
      ["S'inscrire comme membre", '/signup?role=membre'],
      ['Devenir formateur', '/signup?role=formateur'],
      ['Inscrire mon organisation', '/signup?role=organisme'],
      ['Créer mon compte', '/signup'],
    ];
    for (const [name, href] of expected) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'EcoForma – Accueil' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(banner.getByRole('link', { name: 'À propos' })).toHaveAttribute('href', '/about');
    await expect(banner.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login');
    await expect(banner.getByRole('link', { name: "S'inscrire" })).toHaveAttribute('href', '/signup');

    await main.getByRole('link', { name: 'En savoir plus' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
    await expect(page).toHaveTitle('À propos – EcoForma');

    await page.goBack();
    await page.getByRole('link', { name: 'Devenir formateur' }).click();
    await expect(page).toHaveURL('/signup?role=formateur');

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByRole('banner').getByRole('link', { name: 'EcoForma – Accueil' }).click();
    await expect(page).toHaveURL('/');
  });

  test('points every footer link where the spec says', async ({ page }) => {
    await openLanding(page);
    const footer = page.getByRole('contentinfo');
    const expected: [string, string][] = [
      ['Accueil', '/'],
      ['À propos', '/about'],
      ['Nos formations', '/courses'],
      ['Connexion', '/login'],
      ["S'inscrire", '/signup'],
      ['RSE', '/courses/rse'],
      ['Écologie', '/courses/ecologie'],
      ['Biodiversité', '/courses/biodiversite'],
      ['Éco-agriculture', '/courses/ecoagriculture'],
      ['Gestion des déchets', '/courses/dechets'],
      ['Politique de confidentialité', '/privacy'],
      ["Conditions d'utilisation", '/terms'],
      ['Cookies', '/cookies'],
      ['Accessibilité : partiellement conforme', '/accessibilite'],
      ['Déposer une réclamation', '/reclamation'],
      ['contact@ecoforma.fr', 'mailto:contact@ecoforma.fr'],
      ['+33 1 23 45 67 89', 'tel:+33123456789'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByText('12 rue des Tilleuls, 69007 Lyon, France')).toBeVisible();
    for (const network of ['LinkedIn', 'Facebook', 'Instagram', 'YouTube']) {
      const link = footer.getByRole('link', { name: `EcoForma sur ${network} (nouvel onglet)` });
      await expect(link).toHaveAttribute('href', /^https:\/\/www\./);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const pages: [string, string, string][] = [
      ['Politique de confidentialité', '/privacy', 'Politique de confidentialité'],
      ["Conditions d'utilisation", '/terms', "Conditions d'utilisation"],
      ['Cookies', '/cookies', 'Cookies'],
      ['Accessibilité : partiellement conforme', '/accessibilite', "Déclaration d'accessibilité"],
      ['Déposer une réclamation', '/reclamation', 'Déposer une réclamation'],
    ];
    for (const [link, url, heading] of pages) {
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} – EcoForma`);
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Biodiversité' }).click();
    await expect(page).toHaveURL('/courses/biodiversite');
  });

  test('loads no resource from another site', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://127.0.0.1')) outside.push(request.url());
    });
    await openLanding(page);
    await page.mouse.wheel(0, 5000);
    await expectInViewport(page.getByRole('contentinfo'));
    expect(outside).toEqual([]);
  });
});

test.describe('legal and text pages', () => {
  test('answer with real content on data, rights, cookies and accessibility', async ({ page }) => {
    await page.goto('/privacy');
    for (const right of ["Droit d'accès", 'Droit de rectification', "Droit à l'effacement", 'Droit à la limitation', 'Droit à la portabilité', "Droit d'opposition"]) {
      await expect(page.getByText(right, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Nous vous répondons dans un délai d'un mois")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Réclamation auprès de la CNIL' })).toBeVisible();
    await expect(page.getByText('De 15 minutes à 24 heures')).toBeVisible();

    await page.goto('/cookies');
    await expect(page.getByText('EcoForma ne dépose aucun cookie publicitaire')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Les entretiens vidéo avec Jitsi Meet' })).toBeVisible();

    await page.goto('/accessibilite');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'État de conformité',
      'Résultats des tests',
      'Contenus non accessibles',
      'Établissement de cette déclaration',
      "Retour d'information et contact",
      'Voies de recours',
    ]);
    await expect(page.getByText('Cette déclaration a été établie le 22 novembre 2026.')).toBeVisible();
    await expect(page.getByText('partiellement conforme', { exact: true })).toBeVisible();
  });
});

test.describe('navigation bar', () => {
  test('is 70 px high, hides when scrolling down past 100 px and comes back when scrolling up', async ({ page }) => {
    await openLanding(page);
    const banner = page.getByRole('banner');
    expect((await banner.boundingBox())?.height).toBe(70);

    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 60);
    await page.waitForFunction(() => window.scrollY >= 60);
    await expectInViewport(banner);

    await page.mouse.wheel(0, 500);
    await page.waitForFunction(() => window.scrollY > 100);
    await expectNotInViewport(banner);

    await page.mouse.wheel(0, -80);
    await expectInViewport(banner);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  test('shows itself when a keyboard user tabs into it while it is hidden', async ({ page }) => {
    await openLanding(page);
    const banner = page.getByRole('banner');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await expectNotInViewport(banner);
    const scrolled = await page.evaluate(() => window.scrollY);
    // As a Tab press would, without the browser scrolling the page to the element.
    await banner.getByRole('link', { name: 'Connexion' }).evaluate((link: HTMLElement) => link.focus({ preventScroll: true }));
    await expectInViewport(banner);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('turns into a keyboard-operable hamburger menu at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openLanding(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'À propos' })).toBeHidden();
    const burger = banner.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    // Keyboard only: reach the button with Tab, open with Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeFocused();
    for (let i = 0; i < 5 && !(await burger.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(burger).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Navigation principale' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Accueil', 'Formations', 'À propos', 'Connexion', "S'inscrire"]);
    await expect(menu.getByRole('menuitem', { name: 'Accueil' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Formations' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Accueil' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: "S'inscrire" })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/signup');
    await expect(menu).toBeHidden();

    await burger.click();
    await menu.getByRole('menuitem', { name: 'À propos' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  });

  test('lets keyboard users skip to the content', async ({ page }) => {
    await openLanding(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await expectInViewport(skip);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Commencer maintenant' })).toBeFocused();
  });
});

test.describe('404', () => {
  test('shows Page non trouvée, and its two buttons go home and back', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
    await page.goto('/nope');
    await expect(page.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeVisible();
    await expect(page).toHaveTitle('Page non trouvée – EcoForma');
    await page.getByRole('button', { name: 'Page précédente' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();

    await page.goto('/un/chemin/inconnu');
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Prêt à faire la différence ?' })).toBeVisible();
  });

  test('Page précédente goes home when the 404 was opened first, in a new tab', async ({ page }) => {
    await page.goto('/about');
    // A new tab opened on the unknown address has no page to go back to.
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => window.open('/nope', '_blank'))]);
    await expect(tab.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeVisible();
    expect(await tab.evaluate(() => window.history.length)).toBe(1);
    await tab.getByRole('button', { name: 'Page précédente' }).click();
    await expect(tab).toHaveURL('/');
  });

  test('an unknown /api path answers a JSON 404, not the page', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = await response.json();
    expect(body.error_code).toBe('not_found');
    expect(typeof body.message).toBe('string');
  });
});
