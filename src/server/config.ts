import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'doit valoir true ou false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const milliseconds = z.coerce.number({ message: 'doit être un nombre de millisecondes' }).int().min(100, 'doit valoir au moins 100 ms');

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'doit être un nombre' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit être une URL postgres://')
    .optional(),
  /** PostgreSQL time limits in milliseconds (decision 013); PGlite runs in the process and ignores them. */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds.default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds.default(5000),
  DATABASE_QUERY_TIMEOUT_MS: milliseconds.default(8000),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds.default(1000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds.default(10000),
  ADMIN_EMAIL: z.email({ message: 'doit être une adresse e-mail' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'doit contenir au moins 8 caractères').optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  JITSI_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'doit être un nom de domaine, par exemple meet.jit.si')
    .default('meet.jit.si'),
  MEETING_ROOM_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9]{1,40}$/, 'lettres et chiffres uniquement')
    .default('EcoForma'),
  MAINTENANCE_MODE: booleanFromEnv.default(false),
  /** Signups accepted from one address per 10 minutes (decision 012); a school may raise it. */
  SIGNUP_LIMIT_PER_ADDRESS: z.coerce.number({ message: 'doit être un nombre' }).int().min(1).default(10),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'doit être une URL redis://').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; the server only serves it when it exists. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
});

/** How long PostgreSQL work may take before the API gives up on it (decision 013). */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** statement_timeout: the server cancels a statement running longer. */
  statementMs: number;
  /** The client stops waiting for an answer (a stalled network) and drops the connection; above statementMs. */
  queryMs: number;
  /** lock_timeout: a statement waiting this long for a lock fails instead of holding its connection. */
  lockMs: number;
  /** idle_in_transaction_session_timeout: the server ends a session left idle inside a transaction. */
  idleInTransactionMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  dbTimeouts: DbTimeouts;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  jitsiDomain: string;
  meetingRoomPrefix: string;
  maintenanceMode: boolean;
  signupLimitPerAddress: number;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates every environment variable once; the only place that reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "unset", as it does in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  const e = parsed.data;
  // A read timeout at or below the statement timeout would drop healthy connections that the server was about to answer.
  if (e.DATABASE_QUERY_TIMEOUT_MS <= e.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new ConfigError(['DATABASE_QUERY_TIMEOUT_MS doit être supérieur à DATABASE_STATEMENT_TIMEOUT_MS']);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    dbTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    jitsiDomain: e.JITSI_DOMAIN,
    meetingRoomPrefix: e.MEETING_ROOM_PREFIX,
    maintenanceMode: e.MAINTENANCE_MODE,
    signupLimitPerAddress: e.SIGNUP_LIMIT_PER_ADDRESS,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
  };
}

/** A configuration for tests: defaults plus overrides, never read from the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Test files sign many people up from one injected address; the limit's own test lowers it.
  return {
    ...loadConfig({ DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', SEED_DEMO: 'false', SIGNUP_LIMIT_PER_ADDRESS: '100000' }),
    ...overrides,
  };
}
