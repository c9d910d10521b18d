/**
 * Issue 30, the capacity model: the CPU each main kind of request costs the API process and, on
 * PostgreSQL, the database's backends, measured here one kind at a time against the compiled
 * server; from them, a projection of the active learners a core, a host and a deployment carry.
 * `npx tsx bench/run.ts --only=capacity` writes docs/capacity.md (decision 057).
 *
 * `--target=http://hostA:3000` drives a server already running elsewhere instead: the CPU of a
 * remote host cannot be read from here, so only throughput and latency are reported, and the kinds
 * that write (accounts, completions, attempts, messages…) run only with `--target-accept-writes`.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer } from '../scripts/build-server.mjs';
import type { CoursePage } from '../src/shared/courses';
import type { CourseOutline } from '../src/shared/learning';
import { MESSAGES_PER_MINUTE } from '../src/shared/messages';
import { round, type Engine } from './lib';
import { benchLoad } from './load';
import { startServerProcess, type ServerProcess } from './server-process';

// ---------------------------------------------------------------------------------------------
// The kinds of request and the active learner

export type CapacityKind = 'catalogue' | 'course' | 'lesson' | 'beat' | 'completion' | 'quiz' | 'login' | 'message';

interface KindSpec {
  kind: CapacityKind;
  label: string;
  route: string;
  /** Whether the request creates or changes data (refused on a `--target` without `--target-accept-writes`). */
  writes: boolean;
  /** How many of these an active learner makes per minute (the model's assumption, written in docs/capacity.md). */
  perLearnerMinute: number;
  /** Why that rate. */
  why: string;
}

/**
 * The active learner: someone working through a course in the player, the way the web app calls
 * the API. The rates are assumptions (bench/load.ts's mix is an anonymous audience browsing the
 * catalogue, not a learner at work), stated in the report next to the figures they produce.
 */
export const CAPACITY_KINDS: KindSpec[] = [
  { kind: 'catalogue', label: 'Recherche dans le catalogue', route: 'GET /api/courses?q=…', writes: false, perLearnerMinute: 0.1, why: 'une recherche toutes les 10 minutes' },
  { kind: 'course', label: 'Page d’un cours', route: 'GET /api/courses/{id}', writes: false, perLearnerMinute: 0.25, why: 'le lecteur relit le cours à chaque leçon ouverte (décision 035), plus quelques fiches du catalogue' },
  { kind: 'lesson', label: 'Leçon dans le lecteur', route: 'GET /api/lessons/{id}', writes: true, perLearnerMinute: 0.25, why: 'une leçon ouverte toutes les 4 minutes (leçons de 5 à 15 min, relectures comprises) ; la lecture retient la leçon ouverte' },
  { kind: 'beat', label: 'Battement d’assiduité du lecteur', route: 'POST /api/lessons/{id}/activity', writes: true, perLearnerMinute: 2, why: 'un battement toutes les 30 s tant qu’une leçon est à l’écran (BEAT_INTERVAL_SECONDS, décision 047)' },
  { kind: 'completion', label: 'Leçon terminée', route: 'POST /api/lessons/{id}/complete', writes: true, perLearnerMinute: 0.2, why: 'quatre leçons sur cinq marquées terminées' },
  { kind: 'quiz', label: 'Tentative de quiz', route: 'POST /api/lessons/{id}/quiz/attempts', writes: true, perLearnerMinute: 0.05, why: 'un quiz toutes les 20 minutes' },
  { kind: 'login', label: 'Connexion', route: 'POST /api/login', writes: true, perLearnerMinute: 1 / 30, why: 'une connexion par séance de 30 minutes (argon2id)' },
  { kind: 'message', label: 'Message envoyé', route: 'POST /api/conversations/{id}/messages', writes: true, perLearnerMinute: 0.05, why: 'un message à la formatrice toutes les 20 minutes' },
];

/** The utilisation the projection keeps each core at: headroom for bursts and for what the model leaves out. */
export const TARGET_UTILISATION = 0.7;
/** Connections in flight while the saturated throughput is measured (closed loop). */
const CONNECTIONS = 8;
/**
 * Connections for a paced load of `rate` req/s: autocannon paces each connection at rate ÷
 * connections and a connection waits for its answer, so each is given 100 ms per request — the
 * rate is reached unless answers take longer than that.
 */
const pacedConnections = (rate: number) => Math.max(2 * CONNECTIONS, Math.ceil(rate / 10));
/** Each process's PostgreSQL pool (src/server/db/postgres.ts), for the connections a deployment opens. */
const POOL_PER_PROCESS = 10;
const LEARNERS = 60;
const LOAD_PASSWORD = 'CapaciteEco2026';
/** The administrator the bench's server is started with (bench/server-process.ts); on a `--target`, BENCH_ADMIN_EMAIL / BENCH_ADMIN_PASSWORD. */
const ADMIN = { email: process.env.BENCH_ADMIN_EMAIL ?? 'admin@bench.test', password: process.env.BENCH_ADMIN_PASSWORD ?? 'AdminBench2026' };
const searches = ['carbone', 'biodiversité', 'energie', 'compost', 'climat', 'déchets', 'RSE', 'jardin', 'écologie', 'bâtiment', 'recyclage', 'sols'];

// ---------------------------------------------------------------------------------------------
// CPU time from /proc

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process (all its threads: PGlite's thread included), in clock ticks; null once it is gone. */
function processTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The CPU of `root` and its descendants (the cluster's API processes when WEB_CONCURRENCY > 1), in milliseconds. */
function treeCpuMs(root: number): number {
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    ticks += processTicks(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * The CPU of the PostgreSQL backends serving `database`, read in /proc while a measure runs: the
 * pool opens and closes connections, so the backends are polled, a new one counted from zero and
 * one gone at its last reading. The server's shared processes (WAL writer, checkpointer) serve
 * every database of the machine, other developers' included: they are left out.
 */
class BackendCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;

  constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  private async poll(initial: boolean) {
    const { rows } = await this.client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [this.database]);
    for (const { pid } of rows) {
      const ticks = processTicks(pid);
      if (ticks === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, initial ? ticks : 0);
      this.last.set(pid, ticks);
    }
  }

  async start() {
    await this.poll(true);
    this.timer = setInterval(() => {
      this.polling = this.poll(false).catch(() => undefined);
    }, 200);
  }

  /** Milliseconds of CPU since start(). */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.polling;
    await this.poll(false);
    let ticks = 0;
    for (const [pid, last] of this.last) ticks += last - this.first.get(pid)!;
    return (ticks * 1000) / CLOCK_TICKS;
  }
}

// ---------------------------------------------------------------------------------------------
// Driving one kind

interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Driven {
  requests: number;
  failures: number;
  statusCodes: Record<string, number>;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/** `connections` in flight for `seconds`, each request from `next()`; paced at `overallRate` req/s when given. */
async function drive(url: string, next: () => LoadRequest, options: { connections: number; seconds: number; overallRate?: number }): Promise<Driven> {
  const latencies: number[] = [];
  let instance: autocannon.Instance | undefined;
  const start = performance.now();
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance!.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await finished;
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! : 0);
  return {
    requests: result.requests.total,
    failures: result.errors + result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0])),
    rps: round(result.requests.total / elapsed, 1),
    p50Ms: round(at(0.5), 1),
    p95Ms: round(at(0.95), 1),
    p99Ms: round(at(0.99), 1),
  };
}

// ---------------------------------------------------------------------------------------------
// The data: through the public API only, so that the same code prepares a remote server

interface Learner {
  email: string;
  token: string;
  address: string;
  conversationId: number;
}

interface CapacityData {
  courseIds: number[];
  courseId: number;
  lessonIds: number[];
  quizLessonId: number;
  /** The right answers to the quiz. */
  answers: string;
  learners: Learner[];
  /** Messages the run has sent so far: the next one goes from learner `floor(messagesSent / MESSAGES_PER_SENDER)`. */
  messagesSent: number;
}

/**
 * A learner sends this many messages in the whole run, then the next one takes over: no learner
 * ever reaches the limit of MESSAGES_PER_MINUTE, whatever the phases' pace. (Going round the same
 * learners, a fast machine sent more in a minute than they were allowed, and measured 429s.)
 */
const MESSAGES_PER_SENDER = MESSAGES_PER_MINUTE - 2;

class ApiError extends Error {}

async function call<T>(url: string, method: string, path: string, options: { token?: string; body?: unknown; address?: string; expect?: number[] } = {}): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  if (!(options.expect ?? [200, 201]).includes(res.status)) throw new ApiError(`${method} ${path} : ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** An address of 198.18.0.0/15 (kept for benchmarks) per learner, forwarded as a reverse proxy would (decision 034). */
function addressOf(i: number): string {
  return `198.18.${(i >> 8) & 255}.${i & 255}`;
}

const run = randomBytes(3).toString('hex');
let learnerCount = 0;

/** Learners signed up, enrolled in the free course and in a conversation with its trainer. */
async function addLearners(url: string, data: Pick<CapacityData, 'courseId'> & { trainerId: number }, count: number): Promise<Learner[]> {
  const created: Learner[] = [];
  for (let n = 0; n < count; n++) {
    const i = learnerCount++;
    const email = `capacite-${run}-${i}@exemple.fr`;
    const address = addressOf(i);
    const { accessToken: token } = await call<{ accessToken: string }>(url, 'POST', '/api/signup', {
      address,
      body: { firstname: 'Dominique', lastname: `Capacite${i}`, email, password: LOAD_PASSWORD, gender: 'female', birthdate: '1990-05-17', role: 'membre' },
    });
    await call(url, 'POST', `/api/courses/${data.courseId}/enrolment`, { token, address });
    const { id: conversationId } = await call<{ id: number }>(url, 'POST', '/api/conversations', { token, address, body: { recipient_id: data.trainerId, course_id: data.courseId } });
    created.push({ email, token, address, conversationId });
  }
  return created;
}

/**
 * The catalogue's courses; with `writes`, a free course's text lessons, a quiz the administrator
 * adds to its first chapter (unlimited attempts), and LEARNERS learners enrolled in it.
 */
async function prepare(url: string, writes: boolean): Promise<CapacityData & { trainerId: number }> {
  const page = await call<CoursePage>(url, 'GET', '/api/courses?pageSize=100');
  const courseIds = page.items.map((c) => c.id);
  if (courseIds.length === 0) throw new Error('aucun cours publié : le serveur doit avoir le catalogue de démonstration (SEED_DEMO=true)');
  const free = page.items.find((c) => c.price === 0);
  const empty = { courseIds, courseId: 0, trainerId: 0, lessonIds: [], quizLessonId: 0, answers: '', learners: [], messagesSent: 0 };
  if (!writes) return empty;
  if (!free) throw new Error('aucun cours gratuit : le catalogue de démonstration en a deux, où les apprenants s’inscrivent directement');
  const outline = await call<CourseOutline>(url, 'GET', `/api/courses/${free.id}/outline`);
  const lessonIds = outline.sections.flatMap((s) => s.lessons.filter((l) => l.type === 'text').map((l) => l.id));
  const { accessToken: admin } = await call<{ accessToken: string }>(url, 'POST', '/api/login', { address: addressOf(65000), body: ADMIN }).catch((error: unknown) => {
    throw new Error(`connexion de l’administrateur ${ADMIN.email} impossible (BENCH_ADMIN_EMAIL, BENCH_ADMIN_PASSWORD) : ${(error as Error).message}`);
  });
  const quiz = await call<{ id: number }>(url, 'POST', `/api/sections/${outline.sections[0]!.id}/quizzes`, {
    token: admin,
    body: { title: `Quiz de mesure de capacité ${run}`, duration_minutes: 5, max_attempts: null },
  });
  const answers: Array<{ question_id: number; option_ids: number[] }> = [];
  for (let q = 0; q < 5; q++) {
    const question = await call<{ id: number; options: Array<{ id: number; correct: boolean }> }>(url, 'POST', `/api/lessons/${quiz.id}/quiz/questions`, {
      token: admin,
      body: { type: 'single', prompt: `Question ${q + 1} : que peut-on composter ?`, options: [{ text: 'Des épluchures', correct: true }, { text: 'Du verre', correct: false }, { text: 'Du plastique', correct: false }] },
    });
    answers.push({ question_id: question.id, option_ids: question.options.filter((o) => o.correct).map((o) => o.id) });
  }
  const base = { courseId: free.id, trainerId: free.user.id };
  return { ...empty, ...base, lessonIds, quizLessonId: quiz.id, answers: JSON.stringify({ answers }), learners: await addLearners(url, base, LEARNERS) };
}

/** The next request of `kind`, going round the learners and lessons so that none carries the load alone. */
function requestsOf(kind: CapacityKind, data: CapacityData): () => LoadRequest {
  let i = 0;
  let seq = Date.now();
  const json = { 'content-type': 'application/json' };
  const learner = () => data.learners[i % data.learners.length]!;
  const as = (l: Learner, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${l.token}`, 'x-forwarded-for': l.address, ...extra });
  const anonymous = () => ({ 'x-forwarded-for': addressOf(1000 + (i % 4000)) });
  const lesson = () => data.lessonIds[Math.floor(i / data.learners.length) % data.lessonIds.length]!;
  const next = (): LoadRequest => {
    switch (kind) {
      case 'catalogue':
        return { method: 'GET', path: `/api/courses?q=${encodeURIComponent(searches[i % searches.length]!)}`, headers: anonymous() };
      case 'course':
        return { method: 'GET', path: `/api/courses/${data.courseIds[i % data.courseIds.length]}`, headers: anonymous() };
      case 'lesson':
        return { method: 'GET', path: `/api/lessons/${lesson()}`, headers: as(learner()) };
      case 'beat':
        return { method: 'POST', path: `/api/lessons/${lesson()}/activity`, headers: as(learner(), json), body: JSON.stringify({ seq: ++seq }) };
      case 'completion':
        return { method: 'POST', path: `/api/lessons/${lesson()}/complete`, headers: as(learner()) };
      case 'quiz':
        return { method: 'POST', path: `/api/lessons/${data.quizLessonId}/quiz/attempts`, headers: as(learner(), json), body: data.answers };
      case 'login': {
        const l = learner();
        return { method: 'POST', path: '/api/login', headers: { ...json, 'x-forwarded-for': l.address }, body: JSON.stringify({ email: l.email, password: LOAD_PASSWORD }) };
      }
      case 'message': {
        const l = data.learners[Math.floor(data.messagesSent++ / MESSAGES_PER_SENDER) % data.learners.length]!;
        return { method: 'POST', path: `/api/conversations/${l.conversationId}/messages`, headers: as(l, json), body: JSON.stringify({ body: `Bonjour, une question sur la leçon ${i} : faut-il retourner le compost chaque semaine ?` }) };
      }
    }
  };
  return () => {
    const request = next();
    i++;
    return request;
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

export interface KindMeasure {
  kind: CapacityKind;
  /** Closed loop with CONNECTIONS in flight: the most this server answers on this machine. */
  saturatedRps: number;
  /** The steady load: TARGET_UTILISATION of the saturated throughput, paced. */
  steadyRps: number;
  requests: number;
  failures: number;
  statusCodes: Record<string, number>;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** CPU ms per request of the API process tree (PGlite's thread included), absent on a `--target`. */
  apiCpuMs?: number;
  /** CPU ms per request of the PostgreSQL backends of the bench's database. */
  pgCpuMs?: number;
  /** When the steady load ran (the clock of this host), to read the CPU on a `--target`'s host for that window. */
  window: { from: string; to: string };
}

export interface CapacityRun {
  engine: Engine | 'target';
  target?: string;
  kinds: KindMeasure[];
  skipped: CapacityKind[];
  /** The mixed learner workload at the projected learners for one API core (local runs only). */
  check?: {
    learners: number;
    /** The request rate of those learners, and the rate reached. */
    targetRps: number;
    rps: number;
    p95Ms: number;
    p99Ms: number;
    failures: number;
    /** Cores the API process tree (and PostgreSQL's backends) used meanwhile. */
    apiCpuShare: number;
    pgCpuShare?: number;
    /** CPU ms per request of the mix: as the per-kind costs predict it, and as measured. */
    apiPredictedMs: number;
    apiMeasuredMs: number;
    pgPredictedMs?: number;
    pgMeasuredMs?: number;
  };
  /** Published courses of the catalogue the server ran with. */
  courses: number;
  maxConnections?: number;
}

type Log = (message: string) => void;

async function measureKind(url: string, spec: KindSpec, data: CapacityData, seconds: number, log: Log, cpu?: { pid: number; backends?: () => BackendCpu }, topUp?: (messages: number) => Promise<void>): Promise<KindMeasure> {
  const next = requestsOf(spec.kind, data);
  // Warm-up: the JIT, the pool's connections, the prepared statements.
  const warmUp = await drive(url, next, { connections: 2, seconds: 1 });
  const calibrationSeconds = Math.max(2, Math.round(seconds / 2));
  // Senders for the calibration at full speed: on two cores, eight connections never send four times what two did.
  if (topUp) await topUp(4 * warmUp.rps * calibrationSeconds);
  const calibration = await drive(url, next, { connections: CONNECTIONS, seconds: calibrationSeconds });
  const steadyRps = Math.max(1, Math.round(calibration.rps * TARGET_UTILISATION));
  if (topUp) await topUp(steadyRps * seconds * 1.2);
  const backends = cpu?.backends?.();
  await backends?.start();
  const apiBefore = cpu ? treeCpuMs(cpu.pid) : 0;
  const from = new Date();
  const steady = await drive(url, next, { connections: pacedConnections(steadyRps), seconds, overallRate: steadyRps });
  const apiMs = cpu ? treeCpuMs(cpu.pid) - apiBefore : 0;
  const pgMs = backends ? await backends.stop() : undefined;
  const measure: KindMeasure = {
    kind: spec.kind,
    saturatedRps: calibration.rps,
    steadyRps: steady.rps,
    requests: steady.requests,
    failures: steady.failures + calibration.failures,
    statusCodes: steady.statusCodes,
    p50Ms: steady.p50Ms,
    p95Ms: steady.p95Ms,
    p99Ms: steady.p99Ms,
    window: { from: clock(from), to: clock(new Date()) },
    ...(cpu && steady.requests ? { apiCpuMs: round(apiMs / steady.requests, 3) } : {}),
    ...(pgMs !== undefined && steady.requests ? { pgCpuMs: round(pgMs / steady.requests, 3) } : {}),
  };
  log(
    `  ${spec.label} : max ${calibration.rps} req/s, charge ${steady.rps} req/s de ${measure.window.from} à ${measure.window.to}, p95 ${steady.p95Ms} ms` +
      (measure.apiCpuMs !== undefined ? `, CPU API ${measure.apiCpuMs} ms/req` : '') +
      (measure.pgCpuMs !== undefined ? `, CPU PostgreSQL ${measure.pgCpuMs} ms/req` : '') +
      (measure.failures ? `, ${measure.failures} échec(s) ${JSON.stringify({ ...calibration.statusCodes, ...steady.statusCodes })}` : ''),
  );
  return measure;
}

const clock = (date: Date) => date.toTimeString().slice(0, 8);

/** CPU ms an active learner costs per minute, from per-request figures. */
export function perLearnerMinute(kinds: KindMeasure[], figure: (k: KindMeasure) => number | undefined): number {
  return CAPACITY_KINDS.reduce((sum, spec) => sum + spec.perLearnerMinute * (figure(kinds.find((k) => k.kind === spec.kind)!) ?? 0), 0);
}

/** Learners whose CPU fills `cores` at TARGET_UTILISATION. */
export function learnersFor(cores: number, msPerLearnerMinute: number): number {
  return msPerLearnerMinute > 0 ? Math.floor((cores * TARGET_UTILISATION * 60_000) / msPerLearnerMinute) : Infinity;
}

/**
 * The check of the projection on this machine: the learners' mix, paced at the request rate of the
 * learners projected for one API core, with the API's CPU share read meanwhile (it should come near
 * TARGET_UTILISATION of one core if the per-kind costs add up).
 */
async function checkProjection(url: string, data: CapacityData, kinds: KindMeasure[], seconds: number, cpu: { pid: number; backends?: () => BackendCpu }, log: Log, topUp: (messages: number) => Promise<void>): Promise<CapacityRun['check']> {
  const learners = learnersFor(1, perLearnerMinute(kinds, (k) => k.apiCpuMs));
  const perMinute = CAPACITY_KINDS.reduce((sum, k) => sum + k.perLearnerMinute, 0);
  const rate = Math.max(1, Math.round((learners * perMinute) / 60));
  const messageShare = CAPACITY_KINDS.find((k) => k.kind === 'message')!.perLearnerMinute / perMinute;
  await topUp(rate * messageShare * (seconds + 1) * 1.2);
  const generators = new Map(CAPACITY_KINDS.map((k) => [k.kind, requestsOf(k.kind, data)]));
  const next = () => {
    let roll = Math.random() * perMinute;
    for (const spec of CAPACITY_KINDS) {
      roll -= spec.perLearnerMinute;
      if (roll < 0) return generators.get(spec.kind)!();
    }
    return generators.get('beat')!();
  };
  await drive(url, next, { connections: 2, seconds: 1, overallRate: rate });
  const backends = cpu.backends?.();
  await backends?.start();
  const apiBefore = treeCpuMs(cpu.pid);
  const start = performance.now();
  const driven = await drive(url, next, { connections: pacedConnections(rate), seconds, overallRate: rate });
  const elapsedMs = performance.now() - start;
  const apiMs = treeCpuMs(cpu.pid) - apiBefore;
  const pgMs = backends ? await backends.stop() : undefined;
  const requests = Math.max(1, driven.requests);
  const check = {
    learners,
    targetRps: rate,
    rps: driven.rps,
    p95Ms: driven.p95Ms,
    p99Ms: driven.p99Ms,
    failures: driven.failures,
    apiCpuShare: round(apiMs / elapsedMs, 2),
    apiPredictedMs: round(perLearnerMinute(kinds, (k) => k.apiCpuMs) / perMinute, 2),
    apiMeasuredMs: round(apiMs / requests, 2),
    ...(pgMs !== undefined
      ? { pgCpuShare: round(pgMs / elapsedMs, 2), pgPredictedMs: round(perLearnerMinute(kinds, (k) => k.pgCpuMs) / perMinute, 2), pgMeasuredMs: round(pgMs / requests, 2) }
      : {}),
  };
  log(
    `  vérification : ${learners} apprenants, ${rate} req/s visées → ${driven.rps} req/s, p95 ${driven.p95Ms} ms, CPU API ${check.apiCpuShare} cœur (${check.apiMeasuredMs} ms/req, prévu ${check.apiPredictedMs})` +
      (pgMs !== undefined ? `, PostgreSQL ${check.pgCpuShare} cœur (${check.pgMeasuredMs} ms/req, prévu ${check.pgPredictedMs})` : '') +
      (driven.failures ? `, ${driven.failures} échec(s) ${JSON.stringify(driven.statusCodes)}` : ''),
  );
  return check;
}

/** Every kind against `url`; the CPU read from /proc when `server` runs on this machine. */
async function measureServer(url: string, engine: CapacityRun['engine'], seconds: number, log: Log, options: { server?: ServerProcess; databaseUrl?: string; writes: boolean }): Promise<CapacityRun> {
  const data = await prepare(url, options.writes);
  /** Enough learners for `messages` more messages, each learner sending MESSAGES_PER_SENDER in the run. */
  const topUp = async (messages: number) => {
    const needed = Math.ceil((data.messagesSent + messages) / MESSAGES_PER_SENDER);
    if (needed > data.learners.length) data.learners.push(...(await addLearners(url, data, needed - data.learners.length)));
  };
  let client: pg.Client | undefined;
  let maxConnections: number | undefined;
  if (options.server?.databaseName) {
    client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    maxConnections = Number((await client.query<{ max_connections: string }>('show max_connections')).rows[0]!.max_connections);
  }
  const cpu = options.server ? { pid: options.server.pid, ...(client ? { backends: () => new BackendCpu(client!, options.server!.databaseName!) } : {}) } : undefined;
  try {
    const kinds: KindMeasure[] = [];
    const skipped: CapacityKind[] = [];
    for (const spec of CAPACITY_KINDS) {
      if (spec.writes && !options.writes) {
        skipped.push(spec.kind);
        continue;
      }
      kinds.push(await measureKind(url, spec, data, seconds, log, cpu, spec.kind === 'message' ? topUp : undefined));
    }
    const check = cpu && skipped.length === 0 ? await checkProjection(url, data, kinds, seconds * 2, cpu, log, topUp) : undefined;
    return { engine, kinds, skipped, courses: data.courseIds.length, ...(check ? { check } : {}), ...(maxConnections ? { maxConnections } : {}) };
  } finally {
    await client?.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The report

const fr = (value: number, digits = 1) => value.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const whole = (value: number) => (Number.isFinite(value) ? Math.floor(value).toLocaleString('fr-FR') : '∞');
const labelOf = (kind: CapacityKind) => CAPACITY_KINDS.find((k) => k.kind === kind)!;
const engineName = (engine: CapacityRun['engine']) => ({ pglite: 'PGlite (embarqué)', postgres: 'PostgreSQL', target: 'serveur distant' })[engine];

interface Machine {
  date: string;
  cpuModel: string;
  cores: number;
  node: string;
  loadAtStart: number;
  seconds: number;
}

function machine(loadAtStart: number, seconds: number): Machine {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const cpuModel = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'inconnu';
  return { date: new Date().toISOString().slice(0, 10), cpuModel, cores: os.availableParallelism(), node: process.version, loadAtStart, seconds };
}

function measuredTable(runs: CapacityRun[]): string {
  const lines = ['| base | requête | route | débit maximal (req/s) | charge stable (req/s) | p50 (ms) | p95 (ms) | p99 (ms) | CPU processus API (ms/req) | CPU PostgreSQL (ms/req) | échecs |', '|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const r of runs) {
    for (const k of r.kinds) {
      const spec = labelOf(k.kind);
      lines.push(
        `| ${engineName(r.engine)} | ${spec.label} | \`${spec.route}\` | ${fr(k.saturatedRps, 0)} | ${fr(k.steadyRps, 0)} | ${fr(k.p50Ms)} | ${fr(k.p95Ms)} | ${fr(k.p99Ms)} | ${k.apiCpuMs !== undefined ? fr(k.apiCpuMs, 2) : '–'} | ${k.pgCpuMs !== undefined ? fr(k.pgCpuMs, 2) : '–'} | ${k.failures}${k.failures ? ` ${JSON.stringify(k.statusCodes)}` : ''} |`,
      );
    }
  }
  return lines.join('\n');
}

function mixTable(): string {
  const lines = ['| requête | par apprenant et par minute | hypothèse |', '|---|---|---|'];
  for (const k of CAPACITY_KINDS) lines.push(`| ${k.label} | ${fr(k.perLearnerMinute, 3)} | ${k.why} |`);
  lines.push(`| **total** | **${fr(CAPACITY_KINDS.reduce((s, k) => s + k.perLearnerMinute, 0), 2)}** | soit une requête toutes les ${fr(60 / CAPACITY_KINDS.reduce((s, k) => s + k.perLearnerMinute, 0), 0)} s environ |`);
  return lines.join('\n');
}

interface Deployment {
  label: string;
  hosts: number;
  coresPerHost: number;
  /** PostgreSQL's cores; 0: on the API's host, sharing its cores. */
  pgCores: number;
}

const DEPLOYMENTS: Deployment[] = [
  { label: '1 hôte × 2 cœurs, PostgreSQL sur le même hôte', hosts: 1, coresPerHost: 2, pgCores: 0 },
  { label: '2 hôtes × 4 cœurs + primaire PostgreSQL 8 cœurs', hosts: 2, coresPerHost: 4, pgCores: 8 },
  { label: '4 hôtes × 8 cœurs + primaire PostgreSQL 8 cœurs', hosts: 4, coresPerHost: 8, pgCores: 8 },
  { label: '4 hôtes × 8 cœurs + primaire PostgreSQL 16 cœurs', hosts: 4, coresPerHost: 8, pgCores: 16 },
];

function projection(runs: CapacityRun[]): string {
  const parts: string[] = [];
  const pglite = runs.find((r) => r.engine === 'pglite');
  const postgres = runs.find((r) => r.engine === 'postgres');
  const p95Range = (r: CapacityRun) => {
    const values = r.kinds.filter((k) => k.kind !== 'login').map((k) => k.p95Ms);
    const login = r.kinds.find((k) => k.kind === 'login');
    return `p95 de ${fr(Math.min(...values))} à ${fr(Math.max(...values))} ms selon la requête hors connexion${login ? `, ${fr(login.p95Ms)} ms pour la connexion` : ''}`;
  };
  const checkLine = (r: CapacityRun) => {
    const c = r.check;
    if (!c) return '';
    return [
      `**Vérification (mesuré)** : le mélange de l’apprenant actif, tiré au hasard requête par requête, joué pendant le double de la durée d’une mesure au rythme de ${whole(c.learners)} apprenants (${fr(c.targetRps, 0)} req/s visées, ${fr(c.rps, 0)} atteintes${
        c.rps < 0.9 * c.targetRps ? ' : le débit visé n’a pas été atteint, la machine n’a pas donné ce CPU au serveur — générateur de charge et autres travaux s’y partagent les cœurs' : ''
      }) : p95 **${fr(c.p95Ms)} ms**, p99 ${fr(c.p99Ms)} ms, ${c.failures} échec(s).`,
      `Le processus API y a occupé ${fr(c.apiCpuShare, 2)} cœur (projection : ${fr(TARGET_UTILISATION, 2)} si le débit visé est atteint), soit ${fr(c.apiMeasuredMs, 2)} ms de CPU par requête du mélange pour ${fr(c.apiPredictedMs, 2)} ms prévus par les coûts ci-dessus` +
        (c.pgMeasuredMs !== undefined ? ` ; PostgreSQL ${fr(c.pgCpuShare!, 2)} cœur, ${fr(c.pgMeasuredMs, 2)} ms par requête pour ${fr(c.pgPredictedMs!, 2)} ms prévus.` : '.') +
        ' Un écart de plus de 20 % entre prévu et mesuré dit que les coûts d’une requête jouée seule ne s’additionnent pas tels quels (cache, ramasse-miettes, machine occupée).',
    ].join(' ');
  };
  if (pglite) {
    const api = perLearnerMinute(pglite.kinds, (k) => k.apiCpuMs);
    parts.push(
      [
        '### PGlite : un seul processus',
        '',
        `**Projeté** : un apprenant actif coûte ${fr(api, 1)} ms de CPU par minute au processus API (thread PGlite compris), soit **${whole(learnersFor(1, api))} apprenants actifs par cœur** à ${fr(TARGET_UTILISATION * 100, 0)} % d’occupation. À la charge mesurée (${fr(TARGET_UTILISATION * 100, 0)} % du débit maximal de chaque requête), ${p95Range(pglite)}.`,
        '',
        `PGlite ne tourne que dans un seul processus (WEB_CONCURRENCY=1, décision 029) : son thread principal et le thread de la base (qui traite les requêtes SQL une à une) ne se répartissent pas plus de deux cœurs, et le plus chargé des deux sature le premier. Un déploiement PGlite ne grandit donc pas avec la machine : au-delà d’un cœur environ (${whole(learnersFor(1, api))} apprenants actifs), c’est PostgreSQL et plusieurs processus API.`,
        '',
        checkLine(pglite),
      ].join('\n'),
    );
  }
  if (postgres) {
    const api = perLearnerMinute(postgres.kinds, (k) => k.apiCpuMs);
    const db = perLearnerMinute(postgres.kinds, (k) => k.pgCpuMs);
    const perProcess = learnersFor(1, api);
    const perPgCore = learnersFor(1, db);
    const rows = DEPLOYMENTS.map((d) => {
      const processes = d.hosts * d.coresPerHost;
      const connections = processes * POOL_PER_PROCESS;
      if (d.pgCores === 0) {
        const learners = learnersFor(d.coresPerHost, api + db);
        return `| ${d.label} | ${processes} | ${whole(learners)} (API et PostgreSQL se partagent les cœurs) | – | **${whole(learners)}** | hôte | ${connections} |`;
      }
      const apiTier = processes * perProcess;
      const pgTier = learnersFor(d.pgCores, db);
      const limit = apiTier <= pgTier ? 'processus API' : '**PostgreSQL**';
      return `| ${d.label} | ${processes} | ${whole(apiTier)} | ${whole(pgTier)} | **${whole(Math.min(apiTier, pgTier))}** | ${limit} | ${connections}${postgres.maxConnections && connections > postgres.maxConnections ? ` (> max_connections = ${postgres.maxConnections} : PgBouncer ou réglage)` : ''} |`;
    });
    parts.push(
      [
        '### PostgreSQL : N processus API sur M hôtes, un primaire, S3',
        '',
        `**Projeté**, à partir des coûts mesurés sur PostgreSQL : un apprenant actif coûte **${fr(api, 1)} ms de CPU par minute aux processus API** et **${fr(db, 1)} ms à PostgreSQL**. D’où, à ${fr(TARGET_UTILISATION * 100, 0)} % d’occupation :`,
        '',
        `- un processus API (un cœur, WEB_CONCURRENCY en lance un par cœur) porte **${whole(perProcess)} apprenants actifs** ; N processus en portent N × ${whole(perProcess)} ;`,
        `- un cœur du primaire PostgreSQL en porte **${whole(perPgCore)}** ; P cœurs, P × ${whole(perPgCore)} ;`,
        `- PostgreSQL devient la limite dès que N > P × ${fr(perProcess > 0 ? perPgCore / perProcess : 0, 2)} (soit ${whole((8 * perPgCore) / perProcess)} processus API pour un primaire de 8 cœurs, ${whole((16 * perPgCore) / perProcess)} pour 16 cœurs).`,
        '',
        `À la charge mesurée, ${p95Range(postgres)}.`,
        '',
        'La projection est linéaire : elle suppose qu’un processus API de plus ajoute un cœur de travail (les processus ne partagent que PostgreSQL, décision 029) et qu’un cœur de plus sur le primaire ajoute autant de requêtes servies. Le premier point se vérifie avec WEB_CONCURRENCY sur une machine qui a les cœurs ; le second est optimiste au-delà de quelques cœurs (verrous, WAL, `fsync`, mémoire partagée), et ce banc ne mesure PostgreSQL que sur cette machine, backends de la base du banc seulement. Les fichiers (vidéos, PDF, images) restent sur S3 et ne chargent ni PostgreSQL ni ce modèle, sauf le relais des octets par le processus API.',
        '',
        '| déploiement | processus API (N) | apprenants, tier API | apprenants, primaire PostgreSQL | capacité projetée | limite | connexions PostgreSQL (10 par processus) |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        '',
        checkLine(postgres),
      ].join('\n'),
    );
  }
  return parts.join('\n\n');
}

export function capacityReport(runs: CapacityRun[], m: Machine): string {
  const local = runs.filter((r) => r.engine !== 'target');
  return `# Modèle de capacité

Produit par \`npx tsx bench/run.ts --only=capacity\` (et par \`npm run bench\`) le ${m.date} ; ne pas modifier à la main, la prochaine exécution le réécrit (décision 057).

- **Mesuré** : ici, sur cette machine — ${m.cpuModel}, ${m.cores} cœur(s), Node ${m.node}, ${local.map((r) => engineName(r.engine)).join(' et ')} ; charge moyenne au départ ${fr(m.loadAtStart, 2)} pour ${m.cores} cœur(s)${
    m.loadAtStart > m.cores / 2 ? ' (machine partagée et occupée : les latences sont pessimistes, les coûts CPU le sont moins car ils se lisent dans /proc, processus par processus)' : ''
  }. Mesures de ${m.seconds} s par requête.
- **Hypothèse** : le mélange de requêtes d’un apprenant actif.
- **Projeté** : tout ce qui en est déduit (apprenants par cœur, déploiements).

## Méthode (mesuré)

Chaque type de requête est joué seul contre le serveur compilé (\`dist/server/main.mjs\`, catalogue de démonstration), dans son propre processus, générateur de charge à part : 1 s de chauffe, puis ${CONNECTIONS} connexions sans pause pour trouver le **débit maximal**, puis une **charge stable** cadencée à ${fr(TARGET_UTILISATION * 100, 0)} % de ce débit pendant ${m.seconds} s, sur laquelle sont lus les latences et le CPU :

- **CPU du processus API** : \`utime + stime\` de \`/proc/<pid>/stat\` du serveur et de ses descendants, avant et après ; il comprend tous ses threads, donc le thread de PGlite (décision 030) et ceux d’argon2.
- **CPU de PostgreSQL** : les connexions de la base du banc (\`select pid from pg_stat_activity where datname = …\`), relevées toutes les 200 ms dans \`/proc/<pid>/stat\`. Les processus communs du serveur (WAL writer, checkpointer, autovacuum) sont exclus : ils servent aussi les bases des autres ; pour les écritures, le coût réel de PostgreSQL est donc un peu plus élevé.
- Le catalogue est celui de démonstration (${local[0]?.courses ?? '?'} cours publiés) : la recherche y coûte moins que dans 100 000 cours (voir docs/benchmarks.md pour ces latences).
- Les requêtes d’écriture sont faites par ${LEARNERS} apprenants (et plus pour les messages, limités à ${MESSAGES_PER_MINUTE} par minute et par personne) inscrits au premier cours gratuit, qui y suivent les leçons texte, un quiz de 5 questions ajouté par l’administrateur (tentatives illimitées) et écrivent à sa formatrice.

${measuredTable(runs)}

## L’apprenant actif (hypothèse)

Quelqu’un qui suit un cours dans le lecteur, tel que l’application web appelle l’API. Ce n’est pas le parcours de \`bench/load.ts\`, qui imite un public anonyme parcourant le catalogue (30 % de listes, 20 % de recherches, 5 % de connexions…) : un apprenant au travail fait surtout des battements d’assiduité et des lectures de leçons.

${mixTable()}

Non comptés : les fichiers statiques et les pages HTML (servis une fois puis en cache), \`GET /api/user/profile\`, le plan du cours, les notifications, les flux d’événements ouverts (leur mémoire est mesurée dans docs/benchmarks.md), les vidéos et PDF (le serveur les relaie depuis le stockage local ou S3 par requêtes Range : c’est la bande passante qui compte alors, pas ce modèle). La marge de ${fr(100 - TARGET_UTILISATION * 100, 0)} % laissée sur chaque cœur les absorbe en partie.

## Projection (projeté)

Apprenants actifs = cœurs × ${fr(TARGET_UTILISATION, 2)} × 60 000 ms ÷ (CPU en ms par apprenant et par minute), où le CPU par apprenant et par minute est la somme, sur les requêtes du mélange, de leur fréquence par leur coût mesuré.

${projection(runs)}

## Vérifier la projection sur une plus grosse machine

Sur l’hôte A (le serveur), avec la base de la production visée mais **pas la production** :

\`\`\`sh
npm run build
SEED_DEMO=true ADMIN_EMAIL=admin@bench.test ADMIN_PASSWORD=AdminBench2026 \\
  SIGNUP_LIMIT_PER_ADDRESS=1000 TRUST_PROXY=<adresse de l’hôte B> WEB_CONCURRENCY=<n> DATABASE_URL=postgres://… \\
  HOST=0.0.0.0 PORT=3000 npm start
\`\`\`

Sur l’hôte B (le générateur de charge) :

\`\`\`sh
npx tsx bench/run.ts --only=capacity --target=http://hostA:3000 --target-accept-writes --seconds=30
npx tsx bench/run.ts --only=load --target=http://hostA:3000 --target-accept-writes --load-seconds=60
\`\`\`

- Sans \`--target-accept-writes\`, seules les requêtes qui n’écrivent rien (recherche, page d’un cours) sont jouées. Avec, le banc **crée** sur le serveur visé : ${LEARNERS} comptes ou plus \`capacite-<tirage>-<n>@exemple.fr\` (mot de passe connu du banc), leurs inscriptions au premier cours gratuit, une conversation et des messages de chacun avec la formatrice de ce cours (elle est notifiée), un quiz ajouté au premier chapitre de ce cours par le compte administrateur (\`BENCH_ADMIN_EMAIL\`, \`BENCH_ADMIN_PASSWORD\`, par défaut ceux de la commande ci-dessus), leurs tentatives, leçons terminées, leçons ouvertes, battements d’assiduité et sessions de connexion. \`--only=load\` crée 50 comptes \`charge-…@exemple.fr\`. Rien n’est supprimé ensuite : visez un serveur jetable.
- \`TRUST_PROXY\` doit désigner l’hôte B : chaque requête y porte l’adresse d’un apprenant (\`X-Forwarded-For\`, décision 034), sinon les limites par adresse refusent les inscriptions et connexions ; \`--only=load\` inscrit ses 50 comptes depuis la seule adresse de l’hôte B, d’où \`SIGNUP_LIMIT_PER_ADDRESS=1000\`.
- Le banc ne lit pas le CPU d’un hôte distant : il rapporte le débit et les latences par requête (fichier \`.tmp/capacite-cible.md\`). Le CPU se lit **sur l’hôte A** pendant chaque charge stable (le banc affiche l’heure de début et de fin de chacune et son débit), par exemple \`pidstat -u -p ALL 5 | grep -E 'node|postgres'\`, ou \`cat /proc/<pid>/stat\` (champs 14 et 15) avant et après ; CPU par requête = (secondes de CPU × 1000) ÷ requêtes.
- La projection tient si le débit maximal par type de requête croît à peu près comme \`min(n, cœurs)\` et si le CPU par requête reste celui de ce document.
`;
}

function targetReport(run: CapacityRun, m: Machine): string {
  return `# Capacité mesurée depuis un autre hôte

Produit le ${m.date} par \`npx tsx bench/run.ts --only=capacity --target=${run.target}\` depuis ${os.hostname()} (${m.cpuModel}, ${m.cores} cœur(s), Node ${m.node}), ${m.seconds} s par charge stable.
Le CPU du serveur n’est pas lisible d’ici : relevez-le sur son hôte pendant chaque charge (pidstat, /proc).
${run.skipped.length ? `\nNon jouées (elles écrivent ; \`--target-accept-writes\` pour les jouer) : ${run.skipped.map((k) => labelOf(k).label).join(', ')}.\n` : ''}
${measuredTable([run])}

Fenêtres des charges stables (heure de l’hôte de charge), pour y lire le CPU de l’hôte du serveur :

${run.kinds.map((k) => `- ${labelOf(k.kind).label} : de ${k.window.from} à ${k.window.to}, ${fr(k.steadyRps, 0)} req/s`).join('\n')}
`;
}

// ---------------------------------------------------------------------------------------------
// Entry points for bench/run.ts

export const TARGET = process.argv.find((a) => a.startsWith('--target='))?.split('=').slice(1).join('=');
const ACCEPT_WRITES = process.argv.includes('--target-accept-writes');

/**
 * `--only=capacity`: each kind on PGlite and, with DATABASE_URL, on PostgreSQL (the compiled
 * server with WEB_CONCURRENCY=1), then docs/capacity.md; with `--target`, the remote server's figures in .tmp.
 */
export async function runCapacity(options: { seconds: number; log: Log; loadAtStart: number }): Promise<void> {
  const { seconds, log } = options;
  const m = machine(options.loadAtStart, seconds);
  if (TARGET) {
    log(`\n== capacité : ${TARGET} ${ACCEPT_WRITES ? '(écritures acceptées)' : '(lecture seule : --target-accept-writes pour les écritures)'} ==`);
    const url = TARGET.replace(/\/$/, '');
    const measured = await measureServer(url, 'target', seconds, log, { writes: ACCEPT_WRITES });
    const report = targetReport({ ...measured, target: url }, m);
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync('.tmp/capacite-cible.md', report);
    log(`\n${report}\nÉcrit dans .tmp/capacite-cible.md`);
    return;
  }
  // The server measured is the code of this checkout.
  await buildServer();
  const runs: CapacityRun[] = [];
  const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const engine of engines) {
    log(`\n== capacité (${engine}) ==`);
    const server = await startServerProcess(engine, { databaseUrl: process.env.DATABASE_URL, webConcurrency: 1 });
    try {
      runs.push(await measureServer(server.url, engine, seconds, log, { server, databaseUrl: process.env.DATABASE_URL, writes: true }));
    } finally {
      await server.stop();
    }
  }
  fs.writeFileSync('docs/capacity.md', capacityReport(runs, m));
  log('\nModèle de capacité écrit dans docs/capacity.md');
}

/** `--only=load --target=URL`: the mixed load against a remote server; it signs up accounts, hence `--target-accept-writes`. */
export async function runLoadOnTarget(options: { connections: number; seconds: number; log: Log }): Promise<void> {
  if (!ACCEPT_WRITES) throw new Error('--only=load --target crée 50 comptes sur le serveur visé : ajoutez --target-accept-writes (voir docs/capacity.md).');
  const load = await benchLoad(TARGET!.replace(/\/$/, ''), { connections: options.connections, seconds: options.seconds });
  options.log(`charge (${TARGET}) : ${load.requests} requêtes, ${load.errors + load.non2xx} erreur(s) (statuts : ${JSON.stringify(load.statusCodes)}), ${load.rps} req/s, p95 ${load.p95Ms} ms, p99 ${load.p99Ms} ms`);
}
