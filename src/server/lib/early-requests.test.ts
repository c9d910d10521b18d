import { hash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_REQUESTS_GLOBAL } from '../../shared/constants';
import { EARLY_REQUESTS_SCRIPT_HASH, withEarlyRequests } from './early-requests';

const page = '<!doctype html><html lang="fr"><head><title>EcoForma</title></head><body><div id="root"></div></body></html>';

function inlineScript(html: string): string | null {
  return /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? null;
}

/** Runs the page's inline script as a browser would, with `storage` as its local storage and a fetch that answers `answers`. */
async function runInBrowser(pathname: string, storage: Record<string, string>, answers: Record<string, unknown> = {}) {
  const script = inlineScript(withEarlyRequests(pathname, page));
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    location: { pathname },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    fetch: async (path: string, init: { headers: Record<string, string> }) => {
      calls.push({ path, headers: init.headers });
      return path in answers ? new Response(JSON.stringify(answers[path])) : new Response('{}', { status: 404 });
    },
  };
  if (script) vm.runInNewContext(script, context);
  // Lets the outline's answer be read and the lesson's call start.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { script, calls, requests: window[EARLY_REQUESTS_GLOBAL] as Record<string, Promise<Response>> | undefined };
}

describe('early requests of a signed-in page (decision 035)', () => {
  it('starts the player’s course, outline and resumed lesson with the stored token, in the Authorization header only', async () => {
    const { calls, requests } = await runInBrowser('/user/courses/12/learn', { accessToken: 'jeton-123' }, { '/api/courses/12/outline': { resume_lesson_id: 7 } });
    expect(calls.map((call) => call.path)).toEqual(['/api/courses/12', '/api/courses/12/outline', '/api/lessons/7']);
    for (const call of calls) expect(call.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer jeton-123' });
    expect(Object.keys(requests!)).toEqual(['/api/courses/12', '/api/courses/12/outline', '/api/lessons/7']);
    // The app still reads the outline's answer the script looked into.
    expect(await (await requests!['/api/courses/12/outline']!).json()).toEqual({ resume_lesson_id: 7 });
  });

  it('asks for the lesson the address names, and for no lesson in a course without any', async () => {
    const named = await runInBrowser('/user/courses/12/learn/3', { accessToken: 'jeton' });
    expect(named.calls.map((call) => call.path)).toEqual(['/api/courses/12', '/api/courses/12/outline', '/api/lessons/3']);
    const fresh = await runInBrowser('/user/courses/12/learn', { accessToken: 'jeton' }, { '/api/courses/12/outline': { resume_lesson_id: null } });
    expect(fresh.calls.map((call) => call.path)).toEqual(['/api/courses/12', '/api/courses/12/outline']);
  });

  it('asks for nothing without a session, and leaves other pages without a script', async () => {
    const signedOut = await runInBrowser('/user/courses/12/learn', {});
    expect(signedOut.calls).toEqual([]);
    expect(signedOut.requests).toBeUndefined();
    for (const pathname of ['/', '/courses/12', '/user/courses/12/learn/3/4', '/user/courses/abc/learn']) {
      expect(withEarlyRequests(pathname, page), pathname).toBe(page);
    }
  });

  it('is the inline script the Content-Security-Policy names by its hash', () => {
    const script = inlineScript(withEarlyRequests('/user/courses/12/learn', page))!;
    expect(EARLY_REQUESTS_SCRIPT_HASH).toBe(`'sha256-${hash('sha256', script, 'base64')}'`);
  });
});
