import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { mockStatusResponses, signIn, statusOf } from '../test/fixtures';
import { useTrainerStatusSync } from './useTrainerStatusSync';

function Bar({ children }: { children: ReactNode }) {
  useTrainerStatusSync();
  return (
    <>
      <nav>
        <Link to="/a">Page A</Link>
        <Link to="/b">Page B</Link>
      </nav>
      {children}
    </>
  );
}

function renderApp() {
  return renderRoutes('/a', { '/a': <p>A</p>, '/b': <p>B</p> }, { wrapper: (tree) => <Bar>{tree}</Bar> });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useTrainerStatusSync', () => {
  it('asks again on each route change and stores the approval as soon as it is reported', async () => {
    const fetchMock = mockStatusResponses(statusOf({ state: 'cv_received' }), statusOf({ state: 'approved', isApproved: true }));
    signIn();
    renderApp();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/formateur/7/status');
    expect(useSession.getState().user?.isApproved).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Page B' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(useSession.getState().user?.isApproved).toBe(true));
    expect(localStorage.getItem('isApproved')).toBe('true');
  });

  it('stores a revocation too, and the meeting flag', async () => {
    mockStatusResponses(statusOf({ state: 'interview_scheduled', meeting: { date: '2099-01-01T09:00:00.000Z', url: 'https://meet.jit.si/x' } }));
    signIn({ isApproved: true });
    renderApp();
    await waitFor(() => expect(useSession.getState().user).toMatchObject({ isApproved: false, hasMeeting: true }));
    expect(localStorage.getItem('hasMeeting')).toBe('true');
  });

  it('lowers the meeting flag when the only interview is over', async () => {
    const over = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    mockStatusResponses(statusOf({ state: 'interview_scheduled', meeting: { date: over, url: null } }));
    signIn({ hasMeeting: true });
    renderApp();
    await waitFor(() => expect(useSession.getState().user?.hasMeeting).toBe(false));
    expect(localStorage.getItem('hasMeeting')).toBeNull();
  });

  it('makes no call for a member and stores them as approved', async () => {
    const fetchMock = mockStatusResponses(statusOf());
    signIn({ role: 'membre', isApproved: false });
    renderApp();
    await waitFor(() => expect(useSession.getState().user?.isApproved).toBe(true));
    await userEvent.click(screen.getByRole('link', { name: 'Page B' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('only logs a failure and changes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockStatusResponses({ status: 500, body: { error_code: 'server_error', message: 'Erreur' } });
    signIn();
    renderApp();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(useSession.getState().user).toMatchObject({ isApproved: false, hasMeeting: false });
    expect(screen.getByText('A')).toBeInTheDocument();
  });

  it('ignores an answer that arrives after the user signed out', async () => {
    let release: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (release = resolve))));
    signIn();
    renderApp();
    act(() => useSession.getState().clear());
    await act(async () =>
      release(new Response(JSON.stringify(statusOf({ state: 'approved', isApproved: true })), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    expect(useSession.getState().user).toBeNull();
  });
});
