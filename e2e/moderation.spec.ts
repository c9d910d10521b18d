import { expect, test } from '@playwright/test';
import { moderationMessages } from '../src/shared/moderation';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';

/**
 * Moderation (issue 26). The reportable content (messages, discussions, directory, opportunities)
 * is served by other modules through their manifests' `moderationTargets`; until they are merged
 * this build reports nothing, so the journey covers the queue's screens by keyboard and the API's
 * refusals. With a target module, the journey goes on: report through the API, decide by keyboard.
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
