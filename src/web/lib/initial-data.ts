import { INITIAL_DATA_ELEMENT_ID } from '../../shared/constants';

/** The answers the server inlined in this page (API path → body), read once and then handed out once each. */
let pending = new Map<string, unknown>();
/** When the page read them: what react-query counts as their fetch time. */
let readAt = 0;

/** `/api/courses?page=1&q=x` and `/api/courses?q=x&page=1` ask the same thing. */
function sameRequest(path: string): string {
  const queryStart = path.indexOf('?');
  if (queryStart === -1) return path;
  const search = new URLSearchParams(path.slice(queryStart + 1));
  search.sort();
  const query = search.toString();
  return query ? `${path.slice(0, queryStart)}?${query}` : path.slice(0, queryStart);
}

function inlinedAnswers(): Map<string, unknown> {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (element) {
    // Taken out of the page once read: it answers the address the page was opened at, nothing later.
    element.remove();
    pending = new Map();
    readAt = Date.now();
    try {
      const answers = JSON.parse(element.textContent ?? '') as Record<string, unknown>;
      for (const [path, body] of Object.entries(answers)) pending.set(sameRequest(path), body);
    } catch {
      // Unreadable: the page asks the API as it would without.
    }
  }
  return pending;
}

/**
 * The answer the server inlined for this API call (decision 031), once: for a query's `initialData`,
 * which react-query reads when it first builds the query. Any later call asks the API.
 */
export function takeInitialData<T>(apiPath: string): T | undefined {
  const answers = inlinedAnswers();
  const key = sameRequest(apiPath);
  const body = answers.get(key) as T | undefined;
  answers.delete(key);
  return body;
}

/**
 * When an inlined answer counts as fetched: when the page read it, a moment after the server wrote
 * it. Fresh for the queries' usual staleTime, so the page does not ask again what it was just sent.
 */
export function initialDataUpdatedAt(): number {
  return readAt || Date.now();
}
