import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'doit valoir true ou false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `192.0.2.1`, `2001:db8::1`, or a range such as `10.0.0.0/8`. */
function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address!);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const milliseconds = z.coerce.number({ message: 'doit être un nombre de millisecondes' }).int().min(1, 'doit être positif');

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'doit être un nombre' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit être une URL postgres://')
    .optional(),
  /** PostgreSQL time limits in milliseconds (decision 016); PGlite (in a thread of the process) ignores them. */
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
  /** API processes sharing the port (node:cluster); by default one per core on PostgreSQL, 1 with PGlite (decision 029). */
  WEB_CONCURRENCY: z.coerce.number({ message: 'doit être un nombre' }).int().min(1, 'doit valoir au moins 1').max(256).optional(),
  /**
   * The reverse proxies in front of the server, by address or range, comma-separated (decision 034):
   * the client's address is then read from their X-Forwarded-For. Unset, it is the connection's own.
   */
  TRUST_PROXY: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), 'doit être une liste d’adresses IP ou de plages (10.0.0.0/8) séparées par des virgules')
    .optional(),
  /** Signups accepted from one address per 10 minutes (decision 012); a school may raise it. */
  SIGNUP_LIMIT_PER_ADDRESS: z.coerce.number({ message: 'doit être un nombre' }).int().min(1).default(10),
  /** Invitation e-mails one organisation may have sent per rolling hour and per rolling day (issue 25: no mail cannon). */
  ORG_INVITATIONS_PER_HOUR: z.coerce.number({ message: 'doit être un nombre' }).int().min(1, 'doit valoir au moins 1').default(100),
  ORG_INVITATIONS_PER_DAY: z.coerce.number({ message: 'doit être un nombre' }).int().min(1, 'doit valoir au moins 1').default(300),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'doit être une URL redis://').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An S3-compatible bucket for uploaded files instead of DATA_DIR/uploads (decision 014). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'doit être un nom de bucket S3 (3 à 63 caractères : minuscules, chiffres, points, tirets)').optional(),
  S3_ENDPOINT: z.url({ message: 'doit être une URL, par exemple https://s3.fr-par.scw.cloud' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses as endpoint/bucket/key, which MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, 'doit être vide ou finir par « / », par exemple ecoforma/').default(''),
  /** Signs the media links of video and PDF lessons (decision 017); unset: a secret kept in the database, shared by every process. */
  MEDIA_SIGNING_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  /** How long a signed media link works; a copied link stops working after this. */
  MEDIA_URL_TTL_SECONDS: z.coerce.number({ message: 'doit être un nombre de secondes' }).int().min(60, 'doit valoir au moins 60').max(86_400, 'ne doit pas dépasser 86 400 (24 heures)').default(10_800),
  /** Where the built SPA lives; the server only serves it when it exists. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  /** Whole request, body included: a 200 MB attachment at about 3 Mbit/s; a body trickled byte by byte is cut (408). */
  REQUEST_TIMEOUT_MS: milliseconds.default(600_000),
  /** Request line and headers; Node requires it not to exceed REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: milliseconds.default(30_000),
  /** A connection with no byte in either direction (a download nobody reads) is closed. */
  CONNECTION_TIMEOUT_MS: milliseconds.default(120_000),
  /** An idle kept-alive connection; above the usual 60 s of load balancers, so they close first. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(72_000),
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed. */
  SHUTDOWN_GRACE_MS: milliseconds.default(10_000),
  /** The address people open the platform at, for the links in e-mails and the attestations' QR codes; http://HOST:PORT by default. */
  PUBLIC_URL: z.url({ message: 'doit être une URL, par exemple https://formation.exemple.fr' }).regex(/^https?:\/\//, 'doit commencer par http:// ou https://').optional(),
  /** Mail goes out through this SMTP server (decision 020); unset, each message is written to DATA_DIR/mail/*.eml. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'doit être une URL smtp:// ou smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('EcoForma <ne-pas-repondre@localhost>'),
  /** How often the mail worker looks for messages due. */
  MAIL_POLL_INTERVAL_MS: milliseconds.default(2000),
  /** First retry delay after a failed send, doubled at each new failure. */
  MAIL_RETRY_BASE_MS: milliseconds.default(60_000),
  /** Attempts before a message is given up (status 'failed', logged). */
  MAIL_MAX_ATTEMPTS: z.coerce.number({ message: 'doit être un nombre' }).int().min(1).max(30).default(8),
  /** Card payments through Stripe (decision 054); unset, payments are bank transfers an administrator records. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'doit être une clé secrète Stripe (sk_test_… ou sk_live_…)').optional(),
  /** The signing secret of the webhook endpoint /api/payments/stripe/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9]+$/, 'doit être un secret de webhook Stripe (whsec_…)').optional(),
  /** Another address for Stripe's API (tests, a self-hosted mock), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.url({ message: 'doit être une URL, par exemple http://127.0.0.1:12111' }).regex(/^https?:\/\//, 'doit commencer par http:// ou https://').optional(),
}).refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, {
  path: ['HEADERS_TIMEOUT_MS'],
  message: 'ne doit pas dépasser REQUEST_TIMEOUT_MS',
});

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Put before every key, so one bucket can hold several installations. */
  prefix: string;
}

/** How long PostgreSQL work may take before the API gives up on it (decision 016). */
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
  /** Set when S3_BUCKET is: uploaded files go to the bucket, not to uploadsDir. */
  s3: S3Settings | undefined;
  databaseUrl: string | undefined;
  dbTimeouts: DbTimeouts;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  jitsiDomain: string;
  meetingRoomPrefix: string;
  maintenanceMode: boolean;
  /** How many API processes serve the port (decision 029); always 1 with PGlite, whose files one process owns. */
  webConcurrency: number;
  signupLimitPerAddress: number;
  /** Invitation e-mails per organisation: ORG_INVITATIONS_PER_HOUR and ORG_INVITATIONS_PER_DAY. */
  organisationInvitations: { perHour: number; perDay: number };
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); empty: nobody's is believed. */
  trustProxy: string[];
  redisUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** MEDIA_SIGNING_SECRET; undefined: one generated once and kept in the `settings` table. */
  mediaSigningSecret: string | undefined;
  mediaUrlTtlSeconds: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  shutdownGraceMs: number;
  /** Without a trailing slash. */
  publicUrl: string;
  mail: MailSettings;
  /** Set when STRIPE_SECRET_KEY is: card payments through Stripe (decision 054); unset: bank transfer. */
  stripe: StripeSettings | undefined;
}

/** The Stripe driver's settings (decision 054). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE as the SDK's host, port and protocol options; undefined: api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** How mail leaves the platform (decision 020). */
export interface MailSettings {
  /** SMTP server; unset, messages are written as .eml files under `dir`. */
  smtpUrl: string | undefined;
  dir: string;
  from: string;
  pollIntervalMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
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
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : définissez les deux ou aucun']);
  }
  // A read timeout at or below the statement timeout would drop healthy connections that the server was about to answer.
  if (e.DATABASE_QUERY_TIMEOUT_MS <= e.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new ConfigError(['DATABASE_QUERY_TIMEOUT_MS doit être supérieur à DATABASE_STATEMENT_TIMEOUT_MS']);
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(['STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET vont ensemble : définissez les deux ou aucun']);
  }
  if (!e.DATABASE_URL && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    throw new ConfigError(['WEB_CONCURRENCY au-delà de 1 demande DATABASE_URL : la base PGlite appartient à un seul processus']);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
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
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    signupLimitPerAddress: e.SIGNUP_LIMIT_PER_ADDRESS,
    organisationInvitations: { perHour: e.ORG_INVITATIONS_PER_HOUR, perDay: e.ORG_INVITATIONS_PER_DAY },
    trustProxy: e.TRUST_PROXY ?? [],
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL,
      dir: path.join(dataDir, 'mail'),
      from: e.MAIL_FROM,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api: stripeApi(e.STRIPE_API_BASE) } : undefined,
  };
}

function stripeApi(base: string | undefined): StripeSettings['api'] {
  if (!base) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A configuration for tests: defaults plus overrides, never read from the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Test files sign many people up from one injected address; the limit's own test lowers it.
  return {
    ...loadConfig({ DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', SEED_DEMO: 'false', SIGNUP_LIMIT_PER_ADDRESS: '100000' }),
    ...overrides,
  };
}
