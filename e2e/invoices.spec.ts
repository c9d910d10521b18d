import { expect, test } from '@playwright/test';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';

// Issue 29. Invoices are issued by the contract and quote flows, whose journeys pay one; this
// journey checks the invoices' screens each role reaches from its own pages, and the CSV journal.
test('a learner finds « Mes factures », an organisation its invoices, an administrator the list and its CSV journal', async ({ page, browser, request }) => {
  const learner = await signupViaApi(request, 'membre', { firstname: 'Lou', lastname: 'Factures' });
  await signInBrowser(page, learner);
  await page.goto('/user/learning');
  await page.getByRole('link', { name: 'Mes factures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes factures' })).toBeVisible();
  await expect(page.getByText('Aucune facture pour le moment.')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await (await request.get('/api/user/invoices', { headers: bearer(learner) })).json()).toEqual({ invoices: [] });

  const organisation = await browser.newPage();
  await signInBrowser(organisation, await signupViaApi(request, 'organisme'));
  await organisation.goto('/organisme/tableau-de-bord');
  await organisation.getByRole('link', { name: 'Factures de l’organisation' }).click();
  await expect(organisation.getByRole('heading', { level: 1, name: 'Factures de l’organisation' })).toBeVisible();
  await organisation.close();

  const admin = await browser.newPage();
  await signInBrowser(admin, await adminAccount(request));
  await admin.goto('/admin/parametres');
  await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Factures' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exporter en CSV' }).click();
  expect((await downloading).suggestedFilename()).toBe('factures.csv');
  await expectNoAxeViolations(admin);
  await admin.close();
});
