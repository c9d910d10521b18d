import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingDetail, UserMeetingResponse } from '../../../../shared/meetings';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import MeetingPage from './MeetingPage';

const lucie = { id: 7, firstname: 'Lucie', lastname: 'Martin', email: 'lucie@exemple.fr' };
const meeting: MeetingDetail = {
  id: 12,
  room_name: 'EcoForma-7-1-abc',
  url: 'https://meet.jit.si/EcoForma-7-1-abc',
  meeting_date: '2030-06-03T08:00:00.000Z',
  jitsi_domain: 'meet.jit.si',
  user: lucie,
};

function signInAdmin() {
  signInAs({ id: 1, email: 'admin@exemple.fr', role: 'admin', firstname: 'Alice', lastname: 'Admin', isApproved: true, hasMeeting: false });
}

function renderMeeting(entry: string) {
  return renderRoutes(entry, { '/admin/meeting/:userId/:meetingId?': <MeetingPage /> }, { showLocation: true });
}

afterEach(() => vi.unstubAllGlobals());

describe('MeetingPage at /admin/meeting/{userId}', () => {
  it('joins the interview already scheduled, by reading only', async () => {
    signInAdmin();
    const current: UserMeetingResponse = { user: lucie, meeting };
    const { calls } = mockApi({ 'GET /api/admin/users/7/meeting': { body: current }, 'GET /api/admin/meetings/12': { body: meeting } });
    renderMeeting('/admin/meeting/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Réunion avec Lucie Martin' })).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/admin/meeting/7/12');
    expect(screen.getByRole('status', { name: 'Lien de la réunion' })).toHaveTextContent(meeting.url);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
  });

  it('with no interview, says so in French and schedules one only once the admin chose a date and confirmed', async () => {
    signInAdmin();
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/admin/users/7/meeting': { body: { user: lucie, meeting: null } satisfies UserMeetingResponse },
      'POST /api/admin/users/7/meeting': (_url, init) => ({
        status: 201,
        body: { meeting_id: 12, meeting_url: meeting.url, meeting_date: JSON.parse(String(init?.body)).meeting_date, moved: false },
      }),
      'GET /api/admin/meetings/12': { body: meeting },
    });
    renderMeeting('/admin/meeting/7');
    expect(await screen.findByText("Aucune réunion n'est programmée avec Lucie Martin. Planifiez-la pour obtenir le lien à partager.")).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent(/^\/admin\/meeting\/7$/);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Planifier une réunion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Planifier une réunion avec Lucie Martin' });
    await user.click(within(dialog).getByRole('button', { name: 'Planifier' }));
    await waitFor(() => expect(screen.getByTestId('adresse')).toHaveTextContent('/admin/meeting/7/12'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ meeting_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('cancelling the dialog writes nothing', async () => {
    signInAdmin();
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/admin/users/7/meeting': { body: { user: lucie, meeting: null } satisfies UserMeetingResponse } });
    renderMeeting('/admin/meeting/7');
    await user.click(await screen.findByRole('button', { name: 'Planifier une réunion' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("says 'Informations de réunion ou d'utilisateur invalides' for an unknown user", async () => {
    signInAdmin();
    const { calls } = mockApi({});
    renderMeeting('/admin/meeting/999');
    expect(await screen.findByText("Informations de réunion ou d'utilisateur invalides")).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['GET /api/admin/users/999/meeting']);
  });
});
