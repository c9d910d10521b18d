import { expect, test, type Locator, type Page } from '@playwright/test';
import { defaultPassword, uniqueEmail } from './support/api';

/**
 * Keyboard-only journeys: signup, logout and login, the catalogue. Only `page.keyboard` drives the
 * pages (Tab, Shift+Tab, Enter, Space, arrows, Escape, typing); no click, no fill. Every Tab stop
 * must show where the focus is, and tabbing on must always leave a page (no focus trap).
 */

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * What shows the focus, if anything: an outline on the focused element or on a parent drawing it for
 * it (a card, a drop zone, a radio's round), a box-shadow on a MUI control in its keyboard-focus
 * state, or the 2 px border MUI gives a focused text field. `null` when nothing does.
 */
function focusIndicator(): string | null {
  const focused = document.activeElement as HTMLElement | null;
  if (!focused || focused === document.body) return null;
  const shows = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
  let node: HTMLElement | null = focused;
  for (let depth = 0; node && node !== document.body && depth < 4; node = node.parentElement, depth++) {
    const style = getComputedStyle(node);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !transparent(style.outlineColor) && shows(node)) {
      return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor} on <${node.tagName.toLowerCase()}>`;
    }
    if (node.classList.contains('Mui-focusVisible') && style.boxShadow !== 'none' && shows(node)) {
      return `box-shadow on <${node.tagName.toLowerCase()}>`;
    }
  }
  const fieldset = focused.closest('.MuiInputBase-root.Mui-focused')?.querySelector('fieldset');
  if (fieldset && parseFloat(getComputedStyle(fieldset).borderTopWidth) >= 2) return 'focused field border';
  return null;
}

/** A short description of the focused element, for failure messages. */
function describeFocus(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return '<body>';
  const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
  return `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> ${name.trim().slice(0, 60)}`;
}

async function expectFocusVisible(page: Page) {
  const [indicator, where] = await Promise.all([page.evaluate(focusIndicator), page.evaluate(describeFocus)]);
  expect(indicator, `no visible focus on ${where}`).not.toBeNull();
}

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** One press of Tab (or Shift+Tab); wherever it lands in the page, the focus must show. */
async function pressTab(page: Page, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await page.keyboard.press(key);
  if ((await page.evaluate(describeFocus)) !== '<body>') await expectFocusVisible(page);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus
 * shows. Fails after `max` presses: the element cannot be reached in the tab order.
 */
async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}) {
  await expect(target).toBeVisible();
  const stops: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    stops.push(await page.evaluate(describeFocus));
    if (stops.at(-1) !== '<body>') await expectFocusVisible(page);
    if (await isFocused(target)) return presses + 1;
  }
  throw new Error(`not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}; stops: ${stops.join(' → ')}`);
}

/**
 * No focus trap: from where the focus is, Tab visits the rest of the page and then leaves the
 * document (the browser's own controls come next), within `max` presses.
 */
async function expectTabLeavesPage(page: Page, max = 150) {
  const stops: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(describeFocus);
    if (where === '<body>') return;
    await expectFocusVisible(page);
    stops.push(where);
  }
  throw new Error(`the focus never left the page in ${max} presses of Tab: ${stops.slice(-10).join(' → ')}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('a member signs up, logs out and logs in again, then finds and joins a course, with the keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('clavier');

  // (a) Signup, from the landing page.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prêt à faire la différence ?' })).toBeVisible();
  // The first stop is the skip link, shown on focus.
  await pressTab(page);
  await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeFocused();
  await expectFocusVisible(page);
  const nav = page.getByRole('banner');
  await tabTo(page, nav.getByRole('link', { name: "S'inscrire", exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Inscription' });
  // The role comes first: the fields below it depend on it (an organisation has its own).
  await tabTo(page, form.getByRole('combobox', { name: 'Rôle' }));
  await expect(form.getByRole('combobox', { name: 'Rôle' })).toHaveValue('membre');
  await expectFocusVisible(page);
  await tabTo(page, form.getByRole('textbox', { name: 'Prénom', exact: true }), { max: 1 });
  await typeInto(page, form.getByRole('textbox', { name: 'Prénom', exact: true }), 'Clémence');
  await pressTab(page);
  await typeInto(page, form.getByRole('textbox', { name: 'Nom', exact: true }), 'Clavier');
  await pressTab(page);
  await typeInto(page, form.getByRole('textbox', { name: 'Adresse e-mail' }), email);
  await pressTab(page);
  const password = form.getByRole('textbox', { name: 'Mot de passe', exact: true });
  await typeInto(page, password, defaultPassword);
  // The show/hide button comes next: Space shows the password, Shift+Tab goes back to the field.
  await pressTab(page);
  await expect(form.getByRole('button', { name: 'Afficher le mot de passe' }).first()).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await pressTab(page, 'Shift+Tab');
  await expect(password).toBeFocused();
  await expectFocusVisible(page);
  await tabTo(page, form.getByRole('textbox', { name: 'Confirmer le mot de passe' }));
  await typeInto(page, form.getByRole('textbox', { name: 'Confirmer le mot de passe' }), defaultPassword);

  // Gender: Tab enters the group, Space checks, the arrows move the choice.
  const female = form.getByRole('radio', { name: 'Femme' });
  const male = form.getByRole('radio', { name: 'Homme' });
  await tabTo(page, female, { max: 3 });
  await page.keyboard.press('Space');
  await expect(female).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(male).toBeChecked();
  await expect(male).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('ArrowLeft');
  await expect(female).toBeChecked();

  // One Tab leaves the group (not one per radio), onto the birth date.
  await pressTab(page);
  const birthdate = form.getByLabel('Date de naissance');
  await expect(birthdate).toBeFocused();
  await expectFocusVisible(page);
  // The segments' order follows the browser's own locale (jj/mm/aaaa or mm/dd/yyyy); with day and
  // month both 01, the same keys give the same date either way.
  await page.keyboard.type('01011990');
  await expect(birthdate).toHaveValue('1990-01-01');
  // Chromium's date field holds one more stop, its calendar button, before the next field.
  const phone = form.getByRole('textbox', { name: 'Téléphone (facultatif)' });
  await tabTo(page, phone, { max: 2 });
  await typeInto(page, phone, '0612345678');
  await tabTo(page, form.getByRole('button', { name: "S'inscrire" }), { max: 1 });
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Explorez nos cours' })).toBeVisible();

  // The submit button went away with the signup page: the new page's content has the focus.
  await expect(page.getByRole('main')).toBeFocused();

  // (b) Logout through the account menu (just before the content, so Shift+Tab), then login.
  const accountButton = page.getByRole('button', { name: 'Clémence (menu du compte)' });
  await tabTo(page, accountButton, { backwards: true, max: 3 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Mon profil' })).toBeFocused();
  await expectFocusVisible(page);
  // Escape closes the menu and gives the focus back to its button: the menu holds nobody.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(accountButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Mon profil' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Déconnexion' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();

  const loginForm = page.getByRole('form', { name: 'Connexion' });
  await tabTo(page, loginForm.getByRole('textbox', { name: 'Adresse e-mail' }));
  await typeInto(page, loginForm.getByRole('textbox', { name: 'Adresse e-mail' }), email);
  await pressTab(page);
  await typeInto(page, loginForm.getByRole('textbox', { name: 'Mot de passe', exact: true }), defaultPassword);
  // Enter in the password field sends the form (spec: Enter in either field submits).
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Explorez nos cours' })).toBeVisible();

  // (c) The catalogue: search without accents, a category chip, a card, enrolment.
  const search = page.getByRole('searchbox', { name: 'Rechercher des cours' });
  await tabTo(page, search);
  await typeInto(page, search, 'dechet');
  await page.waitForURL(/[?&]q=dechet/);
  // A free introduction, joined directly: a paid course goes through its contract (e2e/contracts.spec.ts).
  const card = page.getByRole('link', { name: 'Premiers pas vers le zéro déchet' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reconnaître et protéger la biodiversité locale' })).toBeHidden();

  const chip = page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name: /^Gestion des déchets/ });
  await tabTo(page, chip, { max: 10 });
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.waitForURL(/[?&]category=dechets/);
  await expect(chip).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Space');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBeNull();
  await page.keyboard.press('Space');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.waitForURL(/[?&]category=dechets/);
  await expect(card).toBeVisible();

  await tabTo(page, card, { max: 20 });
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/user\/courses\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Premiers pas vers le zéro déchet' })).toBeVisible();

  const enrol = page.getByRole('button', { name: "S'inscrire maintenant" });
  await tabTo(page, enrol, { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Vous êtes inscrit à ce cours.')).toBeVisible();
  // The focus stays on the page after the button gave way to 'Se désinscrire': Tab goes on from there.
  await tabTo(page, page.getByRole('button', { name: 'Sauvegarder pour plus tard' }), { max: 5 });
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute('aria-pressed', 'true');

  // Nothing on the course page holds the focus: Tab runs to the end and leaves the document.
  await expectTabLeavesPage(page);
});

test('the skip link takes the focus past the navigation bar, and no page of the journeys traps the focus', async ({ page }) => {
  for (const address of ['/', '/signup', '/login', '/courses']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await pressTab(page);
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next stop is inside the page, not in the navigation bar.
    await pressTab(page);
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false), address).toBe(true);
    await expectFocusVisible(page);
    await expectTabLeavesPage(page);
    // From the browser's controls, Shift+Tab comes back into the page (its last link).
    await pressTab(page, 'Shift+Tab');
    expect(await page.evaluate(describeFocus), address).not.toBe('<body>');
  }
});
