import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noAnswer } from '../test/api';
import { EARLY_REQUESTS_GLOBAL } from '../../shared/constants';
import { API_TIMEOUT_MS, ApiError, apiFetch } from './api-client';
import { sessionStore } from './session';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window[EARLY_REQUESTS_GLOBAL];
});

describe('apiFetch', () => {
  it('ends a call the server never answers after API_TIMEOUT_MS with network_error', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/courses': noAnswer() });
    const call = apiFetch('/api/courses');
    const outcome = expect(call).rejects.toMatchObject({ status: 0, code: 'network_error', message: 'Impossible de joindre le serveur. Vérifiez votre connexion internet.' });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    await outcome;
  });

  it('lets the caller cancel: its own abort is not reported as a network failure', async () => {
    mockApi({ 'GET /api/courses': noAnswer() });
    const controller = new AbortController();
    const call = apiFetch('/api/courses', { signal: controller.signal });
    controller.abort();
    const error = await call.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('ends the local session on a 401 invalid_token, but not while the account is being deleted', async () => {
    const user = { id: 7, email: 'ines@exemple.fr', role: 'membre' as const, firstname: 'Inès', lastname: 'Martin', isApproved: true, hasMeeting: false };
    mockApi({ 'GET /api/notifications/unread-count': { status: 401, body: { error_code: 'invalid_token', message: 'Session expirée.' } } });

    sessionStore.getState().setSession('jeton', user);
    sessionStore.getState().setEnding(true);
    await expect(apiFetch('/api/notifications/unread-count')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().token).toBe('jeton');

    sessionStore.getState().setEnding(false);
    await expect(apiFetch('/api/notifications/unread-count')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().token).toBeNull();
    expect(sessionStore.getState().notice).not.toBeNull();
  });

  it('leaves no timer behind once the answer is read', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/courses': { body: { items: [] } } });
    await expect(apiFetch('/api/courses')).resolves.toEqual({ items: [] });
    expect(vi.getTimerCount()).toBe(0);
  });

  describe('calls the page started early (decision 035)', () => {
    const early = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

    it('takes a GET started by the page once, then asks the API', async () => {
      window[EARLY_REQUESTS_GLOBAL] = { '/api/courses/12/outline': early({ sections: [], from: 'page' }) };
      const { fetchMock: fetchSpy } = mockApi({ 'GET /api/courses/12/outline': { body: { sections: [], from: 'api' } } });
      await expect(apiFetch('/api/courses/12/outline')).resolves.toEqual({ sections: [], from: 'page' });
      expect(fetchSpy).not.toHaveBeenCalled();
      await expect(apiFetch('/api/courses/12/outline')).resolves.toEqual({ sections: [], from: 'api' });
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    });

    it('reports an early refusal as the API’s own, and never takes an early call for another method', async () => {
      window[EARLY_REQUESTS_GLOBAL] = { '/api/lessons/3': early({ error_code: 'forbidden', message: 'Accès refusé.' }, 403) };
      mockApi({ 'POST /api/lessons/3': { body: { done: true } } });
      await expect(apiFetch('/api/lessons/3', { method: 'POST', body: {} })).resolves.toEqual({ done: true });
      await expect(apiFetch('/api/lessons/3')).rejects.toMatchObject({ status: 403, code: 'forbidden', message: 'Accès refusé.' });
    });

    it('ends an early call that never answers after API_TIMEOUT_MS with network_error', async () => {
      vi.useFakeTimers();
      window[EARLY_REQUESTS_GLOBAL] = { '/api/courses/12': new Promise<Response>(() => {}) };
      const call = apiFetch('/api/courses/12');
      const outcome = expect(call).rejects.toMatchObject({ status: 0, code: 'network_error' });
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
      await outcome;
    });
  });
});
