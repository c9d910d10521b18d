import pg from 'pg';

/**
 * pg 9 will refuse a query sent to a connection still busy with another; pg 8 queues it and prints
 * a deprecation once per process, which nobody reads. A transaction is one connection, so a
 * `Promise.all` of queries inside one is such a call. The PostgreSQL pass refuses it now, at the
 * line that makes it, every time.
 */
type QueuedClient = pg.Client & { _queryQueue: unknown[]; pipeline?: boolean };
const patched = Symbol.for('ecoforma.oneQueryPerConnection');
const prototype = pg.Client.prototype as pg.Client & { [patched]?: true };

if (process.env.TEST_ENGINE === 'postgres' && !prototype[patched]) {
  prototype[patched] = true;
  const query = prototype.query;
  prototype.query = function (this: QueuedClient, ...args: unknown[]) {
    if (this._queryQueue.length > 0 && !this.pipeline) {
      throw new Error('Deux requêtes à la fois sur une connexion (une transaction) : pg 9 les refusera. Enchaînez-les avec await.');
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof prototype.query;
}
