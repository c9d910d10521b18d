import net from 'node:net';

/** Rejects with `what` when `promise` has not settled within `ms`: how a test tells "hangs" from "slow". */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} : toujours en attente après ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface TricklingClient {
  /** Everything the server wrote, once it has closed the connection. */
  closed: Promise<string>;
  /** Stops sending and closes the connection from the client's side. */
  stop(): void;
}

/**
 * A slow client over a raw socket: `head` at once, then `rest` one byte every `everyMs`, the way a
 * slow-loris client holds a connection open. Nothing stops it but the server (or `stop`).
 */
export function trickle(port: number, head: string, rest: string, everyMs: number): TricklingClient {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  // A reset after the server's last word is the expected end here, not a failure.
  socket.on('error', () => undefined);
  socket.on('connect', () => {
    if (head) socket.write(head);
    timer = setInterval(() => {
      if (sent < rest.length && socket.writable) socket.write(rest[sent++]!);
    }, everyMs);
  });
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    }),
  );
  return {
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** The request line and headers of a JSON POST whose body is `length` bytes long; one request per connection. */
export function jsonRequestHead(path: string, length: number): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}
