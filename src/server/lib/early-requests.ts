import { hash } from 'node:crypto';
import { EARLY_REQUESTS_GLOBAL } from '../../shared/constants';

/** The player's address (src/shared/web-paths.ts `learn`): the course, then the lesson if it names one. */
const PLAYER_PATH = /^\/user\/courses\/(\d+)\/learn(?:\/(\d+))?\/?$/;

/**
 * A signed-in page's first API calls, started by an inline script as the page arrives instead of
 * once its code has loaded and run (decision 035). The server cannot answer them in the page as it
 * does for public pages (initial-data.ts): the session is a bearer token the browser keeps in its
 * local storage (spec section 3). The script reads it there, as the app does, and sends it in the
 * Authorization header, never in an address. The app's `apiFetch` takes each answer once.
 *
 * The player asks for the course and its outline, and for the lesson: the one its address names,
 * else the one where it resumes (the outline's `resume_lesson_id`).
 */
const script = `(function () {
  var match = ${PLAYER_PATH}.exec(location.pathname);
  var token = localStorage.getItem('accessToken');
  if (!match || !token) return;
  var requests = (window.${EARLY_REQUESTS_GLOBAL} = {});
  function get(path) {
    var request = fetch(path, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } });
    request.catch(function () {}); // a failure is the app's to report, when it takes the answer
    return (requests[path] = request);
  }
  var course = '/api/courses/' + match[1];
  get(course);
  var outline = get(course + '/outline');
  if (match[2]) return void get('/api/lessons/' + match[2]);
  outline
    .then(function (response) { return response.ok ? response.clone().json() : null; })
    .then(function (body) { if (body && body.resume_lesson_id) get('/api/lessons/' + body.resume_lesson_id); })
    .catch(function () {});
})();`;

/** The script's hash, the one inline script the Content-Security-Policy allows. */
export const EARLY_REQUESTS_SCRIPT_HASH = `'sha256-${hash('sha256', script, 'base64')}'`;

/** The page with its early requests, for an address that has some; unchanged otherwise. */
export function withEarlyRequests(pathname: string, page: string): string {
  return PLAYER_PATH.test(pathname) ? page.replace('</head>', () => `<script>${script}</script></head>`) : page;
}
