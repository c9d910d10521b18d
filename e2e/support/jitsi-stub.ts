import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';

/** The stand-in's source: defines `window.JitsiMeetExternalAPI`, records calls on `window.__jitsiCalls`. */
export const jitsiStubSource = fs.readFileSync(path.resolve('e2e/support/jitsi-external-api.stub.js'), 'utf8');

/** What the page gave the Jitsi constructor, as the stand-in recorded it. */
export interface JitsiCall {
  domain: string;
  options: {
    roomName: string;
    width: string | number;
    height: string | number;
    lang: string;
    configOverwrite: { prejoinPageEnabled: boolean; prejoinConfig: { enabled: boolean } };
    interfaceConfigOverwrite: { TOOLBAR_BUTTONS: string[] };
    userInfo: { displayName: string };
  };
  parentNodeIsElement: boolean;
}

/**
 * Serves the stand-in instead of `https://{domain}/external_api.js`. With `hold`, the answer
 * waits until the returned `release()` is called, so the loading message can be seen.
 */
export async function routeJitsiStub(page: Page, { domain = 'meet.jit.si', hold = false } = {}): Promise<{ release: () => void; requests: () => number }> {
  let release: () => void = () => {};
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  let requests = 0;
  await page.route(`https://${domain}/external_api.js`, async (route: Route) => {
    requests++;
    await released;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: jitsiStubSource });
  });
  return { release: () => release(), requests: () => requests };
}

export function jitsiCalls(page: Page): Promise<JitsiCall[]> {
  return page.evaluate(() => (window as unknown as { __jitsiCalls?: JitsiCall[] }).__jitsiCalls ?? []);
}
