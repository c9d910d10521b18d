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
    url: request.url === undefined ? undefined : maskQueryValues(request.url),
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
