import { expect, test } from '@playwright/test';
import { adminAccount, bearer, signInBrowser, signupViaApi } from './support/api';
import { jitsiCalls, routeJitsiStub } from './support/jitsi-stub';
import { expectNoAxeViolations } from './support/axe';

const invalidText = "Informations de réunion ou d'utilisateur invalides";

test('an admin schedules explicitly, the trainer sees the entry, revisiting keeps the same interview', async ({ page, browser, request }) => {
  const admin = await adminAccount(request);
  const trainer = await signupViaApi(request, 'formateur', { firstname: 'Noémie', lastname: 'Réunion' });
  const jitsi = await routeJitsiStub(page, { hold: true });
  await signInBrowser(page, admin);

  // Opening the page creates nothing: it says no interview is scheduled and offers to schedule one.
  await page.goto(`/admin/meeting/${trainer.user.id}`);
  await expect(page.getByText("Aucune réunion n'est programmée avec Noémie Réunion. Planifiez-la pour obtenir le lien à partager.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/meeting/${trainer.user.id}$`));
  const none = await request.get(`/api/admin/users/${trainer.user.id}/meeting`, { headers: bearer(admin) });
  expect((await none.json()).meeting).toBeNull();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Planifier une réunion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Planifier une réunion avec Noémie Réunion' });
  await dialog.getByRole('button', { name: 'Planifier' }).click();
  await page.waitForURL(new RegExp(`/admin/meeting/${trainer.user.id}/\\d+$`));
  const meetingId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: 'Réunion avec Noémie Réunion' })).toBeVisible();

  // While external_api.js is on its way, the loading message shows.
  await expect(
    page.getByText('Chargement de Jitsi Meet… Si la réunion ne démarre pas, vérifiez votre connexion ou essayez un autre navigateur.'),
  ).toBeVisible();
  jitsi.release();
  await expect(page.locator('iframe[data-jitsi-room]')).toBeVisible();
  await expect(page.getByText(/^Chargement de Jitsi Meet/)).toBeHidden();

  const calls = await jitsiCalls(page);
  expect(calls).toHaveLength(1);
  const [call] = calls;
  expect(call!.domain).toBe('meet.jit.si');
  expect(call!.options.roomName).toMatch(new RegExp(`^EcoForma-${trainer.user.id}-\\d{13}-[0-9a-f]{16}$`));
  expect(call!.parentNodeIsElement).toBe(true);
  expect(call!.options).toMatchObject({
    width: '100%',
    height: 600,
    lang: 'fr',
    configOverwrite: { prejoinPageEnabled: false, prejoinConfig: { enabled: false } },
    userInfo: { displayName: `${admin.user.firstname} ${admin.user.lastname}` },
  });
  expect(call!.options.interfaceConfigOverwrite.TOOLBAR_BUTTONS).toEqual([
    'microphone',
    'camera',
    'desktop',
    'chat',
    'raisehand',
    'tileview',
    'hangup',
    'fullscreen',
    'settings',
  ]);

  // The share line shows the room's address, the one the server stored for this meeting.
  const stored = await request.get(`/api/admin/meetings/${meetingId}`, { headers: bearer(admin) });
  const meeting = await stored.json();
  expect(meeting.room_name).toBe(call!.options.roomName);
  await expect(page.getByText(/Partagez ce lien avec Noémie Réunion/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Lien de la réunion' })).toHaveText(
    `https://meet.jit.si/${call!.options.roomName}`,
  );
  await expect(page.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The script is added once; leaving the page disposes of the meeting.
  expect(await page.locator('script[src="https://meet.jit.si/external_api.js"]').count()).toBe(1);
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await page.waitForURL('**/admin/dashboard');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __jitsiDisposed: number }).__jitsiDisposed)).toBe(1);

  // The trainer, signed in elsewhere, sees 'Mes rendez-vous' with its dot, leading to the interview.
  const trainerContext = await browser.newContext();
  const trainerPage = await trainerContext.newPage();
  await signInBrowser(trainerPage, trainer);
  await trainerPage.goto('/profile');
  await trainerPage.getByRole('button', { name: /menu du compte/ }).click();
  const entry = trainerPage.getByRole('menuitem', { name: /Mes rendez-vous/ });
  await expect(entry).toHaveAttribute('href', '/profile#entretien');
  await expect(entry.getByTestId('meeting-dot')).toBeVisible();
  await entry.click();
  await expect(trainerPage.getByRole('heading', { level: 2, name: "Entretien avec l'administrateur" })).toBeVisible();
  // Tomorrow: the room is not open yet, and the button says when it will be.
  await expect(trainerPage.getByRole('button', { name: 'Rejoindre quand prêt' })).toBeDisabled();
  await expect(trainerPage.getByText(/^Le lien sera actif le .+, 15 minutes avant l'entretien\.$/)).toBeVisible();
  await trainerContext.close();

  // Revisiting the page, or its full address, joins the same interview and room: nothing new, nothing moved.
  for (const address of [`/admin/meeting/${trainer.user.id}`, `/admin/meeting/${trainer.user.id}/${meetingId}`]) {
    await page.goto(address);
    await page.waitForURL(new RegExp(`/admin/meeting/${trainer.user.id}/${meetingId}$`));
    await expect(page.locator('iframe[data-jitsi-room]')).toHaveAttribute('data-jitsi-room', call!.options.roomName);
  }
  const detail = await request.get(`/api/admin/users/${trainer.user.id}`, { headers: bearer(admin) });
  const body = await detail.json();
  expect(body.audit.filter((a: { action: string }) => a.action === 'meeting')).toHaveLength(1);
  expect(body.meeting_id).toBe(meetingId);
  expect(body.meeting_date).toBe(meeting.meeting_date);
});

test('invalid meeting addresses say so and offer a way back', async ({ page, request }) => {
  const admin = await adminAccount(request);
  const a = await signupViaApi(request, 'formateur');
  const b = await signupViaApi(request, 'membre');
  await routeJitsiStub(page);
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const created = await request.post(`/api/admin/users/${a.user.id}/meeting`, { headers: bearer(admin), data: { meeting_date: tomorrow } });
  const { meeting_id: meetingId } = await created.json();
  await signInBrowser(page, admin);

  for (const address of [
    '/admin/meeting/abc',
    `/admin/meeting/${a.user.id}/xyz`,
    `/admin/meeting/${a.user.id}/999999`,
    `/admin/meeting/${b.user.id}/${meetingId}`,
    '/admin/meeting/999999',
  ]) {
    await page.goto(address);
    await expect(page.getByText(invalidText), address).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  expect(await jitsiCalls(page)).toEqual([]);
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord admin' })).toBeVisible();
});

test('a failed scheduling says so and can be retried', async ({ page, request }) => {
  const admin = await adminAccount(request);
  const trainer = await signupViaApi(request, 'formateur');
  await routeJitsiStub(page);
  await signInBrowser(page, admin);
  await page.route('**/api/admin/users/*/meeting', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error_code: 'server_error', message: 'Erreur' }) })
      : route.continue(),
  );
  await page.goto(`/admin/meeting/${trainer.user.id}`);
  await page.getByRole('button', { name: 'Planifier une réunion' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Planifier' }).click();
  await expect(page.getByText('Échec de la planification de la réunion. Veuillez réessayer.')).toBeVisible();
  await page.unroute('**/api/admin/users/*/meeting');
  await page.getByRole('button', { name: 'Planifier une réunion' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Planifier' }).click();
  await page.waitForURL(new RegExp(`/admin/meeting/${trainer.user.id}/\\d+$`));
  await expect(page.locator('iframe[data-jitsi-room]')).toBeVisible();
});

test('only administrators reach the meeting page', async ({ page, request }) => {
  const member = await signupViaApi(request, 'membre');
  await signInBrowser(page, member);
  await page.goto(`/admin/meeting/${member.user.id}`);
  await page.waitForURL((url) => url.pathname === '/');
  const refused = await request.post(`/api/admin/users/${member.user.id}/meeting`, { headers: bearer(member), data: { meeting_date: new Date(Date.now() + 86_400_000).toISOString() } });
  expect(refused.status()).toBe(403);
});
