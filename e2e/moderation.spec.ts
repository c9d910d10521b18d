import { expect, test } from '@playwright/test';
import { HIDDEN_BY_MODERATION } from '../src/shared/moderation';
import { webPaths } from '../src/shared/web-paths';
import { moderationMessages } from '../src/shared/moderation';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { tabTo } from './support/keyboard';

/**
 * Moderation (issue 26). The reportable content (messages, discussions, directory, opportunities)
 * is served by its modules through their manifests' `moderationTargets` (decision 043). The first
 * journey covers the queue's screens and a refused report; the second reports an opportunity in
 * the browser, hides it by keyboard in the queue, and shows its owner the decision.
 */
test('an administrator reaches the moderation queue from the admin menu and filters it with the keyboard; a report of unknown content is refused in French', async ({ page, request, browser }) => {
  const member = await signupViaApi(request, 'membre', { firstname: 'Rita', lastname: 'Signalante' });
  const refused = await request.post('/api/reports', {
    headers: bearer(member),
    data: { target_type: 'message', target_id: 123456, reason: 'spam', explanation: 'Publicité non sollicitée.' },
  });
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toEqual({ error_code: 'not_found', message: moderationMessages.targetNotFound });

  const admin = await adminAccount(request);
  await signInBrowser(page, admin);
  await page.goto('/admin/dashboard');
  const menuLink = page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Modération' });
  await menuLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Modération' })).toBeVisible();
  await expect(page.getByText(/^Aucun signalement à traiter\.$|à traiter$/).first()).toBeVisible();

  const status = page.getByRole('combobox', { name: 'Statut' });
  await status.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Traités' }).press('Enter');
  await expect(status).toHaveText('Traités');
  await expect(page.getByText(/^Aucun signalement traité pour le moment\.$|traités?$/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // A decision page that is not the member's: a French message, nothing else.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInBrowser(memberPage, member);
  await memberPage.goto('/moderation/decisions/2000000000');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Décision de modération' })).toBeVisible();
  await expect(memberPage.getByRole('alert')).toContainText(moderationMessages.decisionNotFound);
  await memberContext.close();
});

test('a member reports an opportunity, the administrator hides it with the keyboard, its owner reads the decision', async ({ page, request, browser }) => {
  const owner = await signupViaApi(request, 'organisme', { firstname: 'Olga', lastname: 'Annonceuse' });
  const title = `Graines miracles ${Date.now()}`;
  const posted = await request.post('/api/opportunities', {
    headers: bearer(owner),
    data: { type: 'job', title, description: 'Envoyez 50 euros pour recevoir des graines miracles.', region: 'bretagne', domains: ['ecologie'], remote: true },
  });
  expect(posted.status()).toBe(201);
  const opportunity = (await posted.json()) as { id: number };

  const member = await signupViaApi(request, 'membre', { firstname: 'Rita', lastname: 'Signalante' });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInBrowser(memberPage, member);
  await test.step('the member reports it from its page, with the keyboard', async () => {
    await memberPage.goto(webPaths.opportunity(opportunity.id));
    await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const report = memberPage.getByRole('button', { name: 'Signaler cette opportunité' });
    await tabTo(memberPage, report);
    await memberPage.keyboard.press('Enter');
    const dialog = memberPage.getByRole('dialog', { name: 'Signaler cette opportunité' });
    await dialog.getByRole('radio', { name: 'Spam ou arnaque' }).check();
    await dialog.getByRole('textbox', { name: /Explication/ }).fill('Une arnaque : on demande de l’argent.');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(dialog.getByRole('status')).toHaveText(moderationMessages.reported);
  });

  const admin = await adminAccount(request);
  await signInBrowser(page, admin);
  await test.step('the administrator decides « Masquer » with the keyboard', async () => {
    await page.goto(webPaths.adminModeration);
    const entry = page.getByRole('listitem').filter({ hasText: 'Graines miracles' }).filter({ hasText: 'Rita Signalante' }).first();
    await expect(entry).toBeVisible();
    const decide = entry.getByRole('button', { name: 'Décider' });
    await decide.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Décider du signalement' });
    await dialog.getByRole('radio', { name: /^Maintenir le contenu/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: /^Masquer le contenu/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Arnaque : demande d’argent interdite par les conditions d’utilisation.');
    const save = dialog.getByRole('button', { name: 'Enregistrer la décision' });
    await tabTo(page, save, 5);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Décision enregistrée\s:\scontenu masqué/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('others no longer find it; its owner sees it marked and reads the decision', async () => {
    await memberPage.goto(webPaths.opportunity(opportunity.id));
    await expect(memberPage.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    await memberContext.close();

    const closed = await request.get('/api/admin/reports?status=closed&page=1', { headers: bearer(admin) });
    const items = ((await closed.json()) as { items: { target_id: number; target_type: string; decision: { id: number } | null }[] }).items;
    const decision = items.find((item) => item.target_type === 'opportunity' && item.target_id === opportunity.id)!.decision!;
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await signInBrowser(ownerPage, owner);
    await ownerPage.goto(webPaths.opportunity(opportunity.id));
    await expect(ownerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(ownerPage.getByText(HIDDEN_BY_MODERATION)).toBeVisible();
    await ownerPage.goto(webPaths.moderationDecision(decision.id));
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Décision de modération' })).toBeVisible();
    await expect(ownerPage.getByText('Arnaque : demande d’argent interdite par les conditions d’utilisation.')).toBeVisible();
    await expect(ownerPage.getByRole('button', { name: 'Envoyer ma contestation' })).toBeVisible();
    await expectNoAxeViolations(ownerPage);
    await ownerContext.close();
  });
});
