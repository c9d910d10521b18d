import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { webPaths } from '../src/shared/web-paths';
import { pdfText } from '../src/server/test/pdf';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { createCourseWithLessons, enrol } from './support/learning';
import { waitForMail } from './support/mail';
import { approvedTrainer } from './support/roles';

// The form's date fields are read in the browser's zone: Paris, like the platform's learners.
test.use({ timezoneId: 'Europe/Paris' });

/** 'YYYY-MM-DDTHH:mm' in Paris time, as a datetime-local field takes it. */
function parisLocal(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(date).replace(' ', 'T');
}

/** Draws a wave on the signature pad with the mouse, as a finger would. */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Cadre de signature' });
  await expect(pad).toBeVisible();
  // As a person would: the frame says when it is ready to take a stroke.
  await expect(pad).toHaveAttribute('aria-busy', 'false');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 20), box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
}

test('a trainer plans a virtual session, two learners register and get convocations, one signs, the trainer countersigns, the sheet shows the other absent', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminAccount(request);
  const trainer = await approvedTrainer(request, admin, { firstname: 'Inès', lastname: 'Direct' });
  const course = await createCourseWithLessons(request, trainer, `Climat en direct ${randomUUID().slice(0, 6)}`, [
    { title: 'Comprendre', lessons: [{ title: 'Les ordres de grandeur', duration_minutes: 10, body_markdown: 'Deux tonnes par personne.' }] },
  ], { publishedBy: admin });
  const signer = await signupViaApi(request, 'membre', { firstname: 'Léa', lastname: 'Signe' });
  const absent = await signupViaApi(request, 'membre', { firstname: 'Hugo', lastname: 'Absent' });
  await enrol(request, signer, course.id);
  await enrol(request, absent, course.id);

  // The trainer plans the session from the content editor: it starts in a few minutes, so its sign-in is open.
  await signInBrowser(page, trainer);
  await page.goto(webPaths.courseContent(course.id));
  await page.getByRole('link', { name: 'Planifier les sessions en direct' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions en direct' })).toBeVisible();
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
  const form = page.getByRole('form', { name: 'Planifier une session' });
  await form.getByRole('textbox', { name: 'Titre de la session' }).fill('Atelier des scopes');
  await form.getByRole('radio', { name: 'Classe virtuelle' }).check();
  await form.getByRole('spinbutton', { name: 'Nombre de places' }).fill('2');
  await form.getByLabel('Début du créneau 1').fill(parisLocal(start));
  await form.getByLabel('Fin du créneau 1').fill(parisLocal(new Date(start.getTime() + 60 * 60_000)));
  await form.getByRole('button', { name: 'Planifier la session' }).click();
  const planned = page.getByRole('article').filter({ hasText: 'Atelier des scopes' });
  await expect(planned.getByText('0 / 2 inscrits')).toBeVisible();
  await expectNoAxeViolations(page);

  // The first learner registers from the player's outline, the second through the API; both get their convocation.
  const learnerContext = await browser.newContext({ timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 }, hasTouch: true });
  const learnerPage = await learnerContext.newPage();
  await signInBrowser(learnerPage, signer);
  await learnerPage.setViewportSize({ width: 1280, height: 800 });
  await learnerPage.goto(webPaths.learn(course.id, course.lessonIds[0]!));
  await learnerPage.getByRole('button', { name: 'S’inscrire à la session Atelier des scopes' }).click();
  // Registered, and the session starts within 15 minutes: the outline gives the room at once.
  await expect(learnerPage.getByRole('link', { name: 'Rejoindre la salle virtuelle' })).toBeVisible();
  const sessions: { items: { id: number; slots: { id: number }[] }[] } = await (await request.get(`/api/courses/${course.id}/sessions`, { headers: bearer(trainer) })).json();
  const session = sessions.items[0]!;
  const second = await request.post(`/api/sessions/${session.id}/registrations`, { headers: bearer(absent), data: {} });
  expect(second.status(), await second.text()).toBe(201);
  for (const learner of [signer, absent]) {
    const mail = await waitForMail(learner.user.email, 'Votre convocation\u00a0: Atelier des scopes');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['convocation.pdf', 'session.ics']);
    expect(mail.attachments[1]!.content.toString()).toContain(`UID:session-${session.id}@`);
  }
  // The session is full now.
  const third = await signupViaApi(request, 'membre');
  await enrol(request, third, course.id);
  expect((await request.post(`/api/sessions/${session.id}/registrations`, { headers: bearer(third), data: {} })).status()).toBe(409);

  // On a phone, the first learner signs from « Mes sessions » with a finger.
  await learnerPage.setViewportSize({ width: 390, height: 844 });
  await learnerPage.goto(webPaths.mySessions);
  await expect(learnerPage.getByRole('heading', { level: 1, name: 'Mes sessions' })).toBeVisible();
  await expect(learnerPage.getByRole('link', { name: 'Rejoindre la salle virtuelle' })).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/EcoForma-session-/);
  await learnerPage.getByRole('button', { name: /^Signer le créneau/ }).click();
  await drawSignature(learnerPage);
  await learnerPage.getByRole('button', { name: 'Valider ma signature' }).click();
  await expect(learnerPage.getByText('Votre signature est enregistrée.')).toBeVisible();
  await learnerPage.getByRole('button', { name: 'Fermer' }).click();
  await expect(learnerPage.getByText(/^Signé à \d{2}:\d{2}$/)).toBeVisible();
  await expectNoAxeViolations(learnerPage);
  await learnerContext.close();

  // The trainer's live sheet: who signed, who is missing; the trainer countersigns.
  await page.goto(webPaths.slotSheet(session.slots[0]!.id));
  await expect(page.getByRole('heading', { level: 1, name: 'Feuille d’émargement' })).toBeVisible();
  await expect(page.getByText('1 signature(s) sur 2 inscrit(s)')).toBeVisible();
  await expect(page.getByRole('row', { name: /Léa Signe/ }).getByText(/^Signé à/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Hugo Absent/ }).getByText('Absent', { exact: true })).toBeVisible();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Contresigner' }).click();
  await expect(page.getByText(/^Créneau contresigné à/)).toBeVisible();

  // The day's PDF sheet: the signature, « Absent » for the other, the trainer's countersignature.
  const day = parisLocal(start).slice(0, 10);
  const pdf = await request.get(`/api/sessions/${session.id}/attendance-sheet?date=${day}`, { headers: bearer(trainer) });
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body()).replace(/\u00a0/g, ' ');
  for (const part of ['Léa Signe', 'Hugo Absent', 'Absent', 'Signé à', 'Contresigné à', course.title]) expect(text).toContain(part);
});
