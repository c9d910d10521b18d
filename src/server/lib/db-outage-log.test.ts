import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseOutageLog } from './db-outage-log';

/** A logger whose lines the test reads, and an outage log on a clock and a probe the test drives. */
function setup() {
  const lines: Array<{ level: number; msg: string; reason?: string; refusedRequests?: number }> = [];
  const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } }).log;
  let now = 0;
  let reachable = false;
  const outage = new DatabaseOutageLog(log, async () => reachable, { reminderMs: 60_000, probeEveryMs: 5_000, now: () => now });
  return {
    lines,
    outage,
    advance: async (ms: number) => {
      now += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
    setReachable: (value: boolean) => {
      reachable = value;
    },
  };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('DatabaseOutageLog', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('writes one line when the outage starts, however many requests it refuses', async () => {
    const { lines, outage, advance } = setup();
    for (let i = 0; i < 1000; i++) {
      outage.failed(refused);
      if (i % 100 === 0) await advance(1000);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'Base de données indisponible\u00a0: les requêtes qui en dépendent reçoivent 503', reason: 'ECONNREFUSED', refusedRequests: 1 });
    outage.close();
  });

  it('reminds at most once a minute while it lasts, with the number of refused requests', async () => {
    const { lines, outage, advance } = setup();
    for (let second = 0; second < 150; second++) {
      outage.failed(refused);
      outage.failed(refused);
      await advance(1000);
    }
    expect(lines.map((l) => l.msg)).toEqual([
      'Base de données indisponible\u00a0: les requêtes qui en dépendent reçoivent 503',
      'Base de données toujours indisponible',
      'Base de données toujours indisponible',
    ]);
    expect(lines[1]).toMatchObject({ refusedRequests: 121 });
    outage.close();
  });

  it('writes one line when the probe finds the database back, then nothing while all is well', async () => {
    const { lines, outage, advance, setReachable } = setup();
    outage.failed(refused);
    await advance(20_000);
    expect(lines).toHaveLength(1);
    setReachable(true);
    await advance(5_000);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'Base de données indisponible\u00a0: les requêtes qui en dépendent reçoivent 503'],
      [40, 'Base de données de nouveau disponible'],
    ]);
    expect(lines[1]).toMatchObject({ refusedRequests: 1 });
    await advance(60_000);
    expect(lines).toHaveLength(2);
  });

  it('a database that flaps still writes at most one line a minute for its outages', async () => {
    const { lines, outage, advance, setReachable } = setup();
    for (let second = 0; second < 50; second += 10) {
      setReachable(false);
      outage.failed(refused);
      setReachable(true);
      await advance(10_000);
    }
    // The first outage and its end; the next ones, within the minute, are counted without a line.
    expect(lines.map((l) => l.msg)).toEqual(['Base de données indisponible\u00a0: les requêtes qui en dépendent reçoivent 503', 'Base de données de nouveau disponible']);
    await advance(20_000);
    setReachable(false);
    outage.failed(refused);
    expect(lines).toHaveLength(3);
    outage.close();
  });

  it('never writes the SQL nor the parameters of the failed query', async () => {
    const { lines, outage } = setup();
    const drizzleError = new Error('Failed query: select * from users where email = $1\nparams: secret@exemple.fr', { cause: new Error('Query read timeout') });
    outage.failed(drizzleError);
    expect(JSON.stringify(lines)).not.toMatch(/secret@exemple\.fr|select|params/);
    expect(lines[0]).toMatchObject({ reason: 'Query read timeout' });
    outage.close();
  });
});
