import { databaseErrorFields } from './db-errors';

/**
 * What the request log line says about a request. Query values are masked: they can carry
 * personal data (an administrator's search by name) or a token a client pasted by mistake, and
 * neither may reach a log line. Headers are not logged at all (Authorization holds the token).
 */
export function logSafeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}): { method?: string; url?: string; host?: string; remoteAddress?: string; remotePort?: number } {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : maskCapabilityPath(maskQueryValues(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * `/api/users?q=dupont&page=2` -> `/api/users?q=…&page=…`: the names stay, the values go. A name
 * that does not look like one of ours (a token sent as `?<token>`) is masked too.
 */
function maskQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return `${/^[A-Za-z_]{1,20}$/.test(name) ? name : '…'}=…`;
    });
  return `${url.slice(0, start)}?${names.join('&')}`;
}

/** Paths whose last segment is a capability (a private calendar feed's token): the segment is masked. */
const CAPABILITY_PATHS = /^(\/calendrier\/|\/api\/notifications\/unsubscribe\/|\/api\/opportunities\/digest\/unsubscribe\/)[^?]*/;

/** `/calendrier/<token>.ics` -> `/calendrier/…`: whoever reads the log could otherwise read the person's calendar. */
function maskCapabilityPath(url: string): string {
  return url.replace(CAPABILITY_PATHS, '$1…');
}

/** An error as a log line shows it; one from the database keeps its SQLSTATE and names, never its SQL nor values. */
export function logSafeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '[valeur non journalisée]', stack: '' };
  const sqlFields = databaseErrorFields(error);
  if (sqlFields) {
    // The first lines of the stack repeat the message, which holds the SQL and its parameters.
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    const message = `Erreur SQL${sqlFields.code ? ` ${sqlFields.code}` : ''} (requête et paramètres non journalisés)`;
    return { type: error.name, message, ...sqlFields, stack: frames.join('\n') };
  }
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined ? { cause: logSafeError(error.cause) } : {}),
  };
}
