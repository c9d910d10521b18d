import { errorMessages, type ApiErrorBody, type FieldErrors } from '../../shared/errors';
import { takeEarlyRequest, untilAborted } from './early-requests';
import { sessionStore } from './session';

/** An API failure parsed back from `{ error_code, message, errors? }`. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const SESSION_EXPIRED = errorMessages.invalid_token;

function authHeaders(): Record<string, string> {
  const token = sessionStore.getState().token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Turns a non-2xx answer into an ApiError; a 401 invalid_token ends the local session (unless it is ending already). */
function toApiError(status: number, body: unknown): ApiError {
  const parsed = body as Partial<ApiErrorBody> | null;
  const code = typeof parsed?.error_code === 'string' ? parsed.error_code : status >= 500 ? 'server_error' : 'unknown_error';
  const message = typeof parsed?.message === 'string' ? parsed.message : errorMessages.server_error;
  const session = sessionStore.getState();
  if (status === 401 && code === 'invalid_token' && session.token && !session.ending) {
    sessionStore.getState().clear(SESSION_EXPIRED);
  }
  return new ApiError(status, code, message, parsed?.errors);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * How long a JSON call may wait for its whole answer: past this, a dead or silent network is
 * reported like no network at all, instead of leaving a screen on its loading state for ever.
 */
export const API_TIMEOUT_MS = 15_000;

const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion internet.';

function networkError(): ApiError {
  return new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
}

/**
 * JSON call to the API with the bearer token. Throws ApiError: code 'network_error' when offline
 * or after API_TIMEOUT_MS; the caller's own `signal` still cancels with its AbortError.
 */
export async function apiFetch<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  // A timer of our own rather than AbortSignal.timeout: it is cleared as soon as the answer is read.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), API_TIMEOUT_MS);
  const requestSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
  let response: Response;
  let text: string;
  try {
    const request =
      (method === 'GET' ? takeEarlyRequest(path) : undefined) ??
      fetch(path, {
        method,
        signal: requestSignal,
        headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...authHeaders() },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    response = await untilAborted(request, requestSignal);
    text = await untilAborted(response.text(), requestSignal);
  } catch (error) {
    // A query the screen no longer needs is cancelled, not failed.
    if (signal?.aborted) throw error;
    throw networkError();
  } finally {
    clearTimeout(timer);
  }
  const data = parseJson(text);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/** Query string from defined, non-empty values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Multipart upload with real progress from the browser's upload events (fetch has none).
 * `onProgress` receives 0..100 as bytes leave the browser.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  { method = 'POST', onProgress }: { method?: 'POST' | 'PUT'; onProgress?: (percent: number) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [key, value] of Object.entries(authHeaders())) xhr.setRequestHeader(key, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  });
}

/** Downloads a file through the authenticated API (no token in any URL) and saves it. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authHeaders() });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw toApiError(response.status, parseJson(await response.text()));
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}

/** A file of the authenticated API as a Blob (an image the page shows through an object URL): no token in any URL. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authHeaders(), ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) throw toApiError(response.status, parseJson(await response.text()));
  return response.blob();
}

/** Saves data the page holds as a file, as a download would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : null;
}
