import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { quoteMessages } from '../src/shared/quotes';
import { webPaths } from '../src/shared/web-paths';
import { adminAccount, bearer, signInBrowser, signupViaApi, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons } from './support/learning';
import { linkTo, waitForMail } from './support/mail';
import { approvedTrainer } from './support/roles';
import { pdfText } from '../src/server/test/pdf';

test('an organisation without seats asks a quote, accepts it, downloads the convention, and enrols a member on its new seats', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = randomUUID().slice(0, 6);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Claire', lastname: 'Dubois' });
  const course = await createCourseWithLessons(
    request,
    trainer,
    `Achats responsables ${run}`,
    [{ title: 'Comprendre', lessons: [{ title: 'Le coût global', duration_minutes: 20, body_markdown: 'Acheter **moins** et mieux.' }] }],
    { publishedBy: admin, price: '40' },
  );
  const organisation = await signupViaApi(request, 'organisme', { organisation_name: `Coop Devis ${run}`, firstname: 'Olivia', lastname: 'Contact' });
  // A member joins the organisation through the invitation's link, consenting to share their progress.
  const learnerEmail = uniqueEmail('lea');
  const invited = await request.post('/api/organisation/invitations', { headers: bearer(organisation), data: { email: learnerEmail } });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(learnerEmail, 'Invitation à vous former sur EcoForma');
  const token = linkTo(mail, '/signup').searchParams.get('invitation')!;
  const learner = await signupViaApi(request, 'membre', { email: learnerEmail, firstname: 'Léa', lastname: 'Martin' });
  const joined = await request.post('/api/invitations/accept', { headers: bearer(learner), data: { token, consent: true } });
  expect(joined.status()).toBe(200);

  // 1. No seats yet: the dashboard offers a quote.
  await signInBrowser(page, organisation);
  await page.goto(webPaths.organisationDashboard);
  await expect(page.getByText(quoteMessages.noSeatsHint)).toBeVisible();
  await page.getByRole('link', { name: 'Demander un devis' }).click();
  await expect(page).toHaveURL(webPaths.organisationQuotes);
  await expect(page.getByRole('heading', { level: 1, name: 'Devis et conventions' })).toBeVisible();

  // 2. Two seats on the course: the quote at its price, valid 30 days.
  const form = page.getByRole('form', { name: 'Demander un devis' });
  await form.getByLabel('Rechercher une formation').fill(course.title);
  const select = form.getByRole('combobox', { name: /^Formation/ });
  await expect(select.locator('option', { hasText: course.title })).toHaveCount(1);
  await select.selectOption({ label: course.title });
  await form.getByLabel('Nombre de places').fill('2');
  await expect(form.getByRole('status')).toHaveText(/^2 places × 40,00\s€ = 80,00\s€ HT$/);
  await form.getByRole('button', { name: 'Demander le devis' }).click();
  const card = page.getByRole('article').filter({ hasText: course.title });
  await expect(card.getByText('En attente')).toBeVisible();
  await expectNoAxeViolations(page);

  // 3. Accepted after a confirmation: the convention and the invoice are made, the seats opened.
  await card.getByRole('button', { name: /^Accepter le devis DEV-/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Accepter le devis DEV-/ });
  await expect(dialog).toContainText('80,00');
  await dialog.getByRole('button', { name: 'Accepter et signer la convention' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'accepté' })).toContainText('2 places disponibles');
  await expect(card.getByText('Accepté', { exact: true })).toBeVisible();
  await expect(card).toContainText('facture');

  // 4. The convention downloads as a PDF naming the course and the law.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Convention CF-.* \(PDF\)$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^convention-CF-\d{4}-\d{6}\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Convention de formation professionnelle');
  expect(text).toContain(course.title);

  // 5. The seats are real: Léa is enrolled on one of the two.
  await page.getByRole('navigation', { name: /principale/i }).getByRole('link', { name: 'Membres' }).click();
  await page.getByRole('checkbox', { name: 'Sélectionner Léa Martin' }).check();
  await page.getByRole('button', { name: 'Inscrire à une formation' }).click();
  const enrol = page.getByRole('dialog', { name: 'Inscrire 1 membre à une formation' });
  await enrol.getByRole('combobox', { name: /^Formation/ }).selectOption({ label: `${course.title} (2 places restantes sur 2)` });
  await enrol.getByRole('button', { name: 'Inscrire' }).click();
  await expect(page.getByText(`1 membre inscrit à «\u00a0${course.title}\u00a0». Places utilisées\u00a0: 1 sur 2.`)).toBeVisible();

  // 6. The bank transfer arrives: an administrator records it on /admin/factures, and the
  // organisation's invoice reads « Payée ».
  const invoices = (await (await request.get('/api/organisation/invoices', { headers: bearer(organisation) })).json()) as { invoices: { number: string; status: string }[] };
  const invoiceNumber = invoices.invoices[0]!.number;
  const adminContext = await page.context().browser()!.newContext();
  const adminPage = await adminContext.newPage();
  await signInBrowser(adminPage, admin);
  await adminPage.goto(webPaths.adminInvoices);
  await adminPage.getByRole('button', { name: `Enregistrer un paiement pour la facture ${invoiceNumber}` }).click();
  const payment = adminPage.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await expect(payment.getByRole('textbox', { name: /Montant reçu/ })).toHaveValue('80,00');
  await payment.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(payment).toBeHidden();
  await adminContext.close();
  await page.goto(webPaths.organisationInvoices);
  await expect(page.getByRole('row').filter({ hasText: invoiceNumber }).getByText('Payée', { exact: true })).toBeVisible();
});
