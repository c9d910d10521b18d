import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * How long, and how much, a refused body is still read after its answer before the connection
 * closes: enough for a large file sent to the wrong place, bounded against a slow sender.
 */
const LINGER = { ms: 5_000, bytes: 64 * 1024 * 1024 };

/**
 * After the answer is written, closes the connection the way Apache and nginx do ("lingering
 * close"): the write side ends, the rest of the body is read and dropped until the client stops
 * sending or a limit is reached, then the socket is destroyed. Node's own close destroys it as soon
 * as the answer is written; the client, still sending, then gets a reset that often arrives before
 * it has read the answer, and a person sees a network error instead of the French message.
 */
function lingerBeforeClosing(request: IncomingMessage): void {
  // Node's server closes a `Connection: close` answer through this method once it is written.
  const socket = request.socket as Socket & { destroySoon(): void };
  socket.destroySoon = () => {
    socket.end();
    let discarded = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER.ms);
    socket.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER.bytes) close();
    });
    socket.once('end', close);
    // The body may have been piped into the multipart parser, which stopped reading it.
    request.unpipe();
    request.resume();
    socket.resume();
  };
}

/**
 * An answer given before the end of its request's body (an upload refused with 401, 403, 413 or
 * 415, a full disk) closes its connection: the rest of the body would otherwise be read as the next
 * request of a kept-alive connection, or wait there forever. It closes with a lingering close.
 * Injected requests (`app.inject`) have no socket and leave `complete` undefined.
 */
export const lingeringClosePlugin = fp(async (app) => {
  // A callback hook: every answer runs it, and an async one costs a promise and a microtask each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false && !request.raw.socket.destroyed) {
      reply.header('connection', 'close');
      lingerBeforeClosing(request.raw);
    }
    done(null, payload);
  });
});
