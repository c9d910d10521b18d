import { expect, test } from '@playwright/test';
import { adminAccount, bearer, loginViaApi, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { waitForMail } from './support/mail';

test('an administrator approves a trainer: the bell shows it, the list keeps it, the e-mail unsubscribes in one click', async ({ page, request }) => {
  const trainer = await signupViaApi(request, 'formateur', { firstname: 'Maïa', lastname: 'Cloche' });
  const admin = await adminAccount(request);
  const approval = await request.put(`/api/admin/users/${trainer.user.id}/status`, { headers: bearer(admin), data: { is_valid: true } });
  expect(approval.ok(), await approval.text()).toBe(true);

  await signInBrowser(page, await loginViaApi(request, trainer.email, trainer.password));
  await page.goto('/profile');
  const bell = page.getByRole('button', { name: 'Notifications, 1 non lue' });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const entry = panel.getByRole('link', { name: /Votre candidature de formateur est approuvée/ });
  await expect(entry).toBeVisible();
  await expectNoAxeViolations(page);
  await entry.click();
  await expect(page).toHaveURL(/\/formateur\/courses$/);
  await expect(page.getByRole('button', { name: 'Notifications, aucune non lue' })).toBeVisible();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Vos notifications' });
  await expect(list.getByText('Votre candidature de formateur est approuvée')).toBeVisible();
  await expect(page.getByText('Toutes vos notifications sont lues.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The same news by e-mail, with the one-click unsubscribe of RFC 8058; the link works without a session.
  const mail = await waitForMail(trainer.email, 'Votre candidature de formateur est approuvée');
  const header = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
  const link = /<(http[^>]+)>/.exec(header)![1]!;
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: /Ne plus recevoir les e-mails «.Candidature approuvée.».\?/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirmer le désabonnement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Désabonnement effectué' })).toBeVisible();
  const preferences = await request.get('/api/user/notification-preferences', { headers: bearer(trainer) });
  expect((await preferences.json()).items.find((i: { kind: string }) => i.kind === 'trainer_approved').email).toBe(false);
});
