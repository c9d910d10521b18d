import { EARLY_REQUESTS_GLOBAL } from '../../shared/constants';

declare global {
  interface Window {
    /** API path → the call the page's inline script started as the page arrived (decision 035). */
    [EARLY_REQUESTS_GLOBAL]?: Record<string, Promise<Response>>;
  }
}

/**
 * The call to `path` that the page's inline script already started with the session's token
 * (server/lib/early-requests.ts), once: the screen takes it instead of asking again. Any later
 * call to the same path asks the API.
 */
export function takeEarlyRequest(path: string): Promise<Response> | undefined {
  const requests = window[EARLY_REQUESTS_GLOBAL];
  const request = requests?.[path];
  if (requests && request) delete requests[path];
  return request;
}

/** `promise`, unless `signal` aborts first: a call started early obeys the screen's cancel and time limit too. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
