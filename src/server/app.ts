import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { COURSE_ATTACHMENT_MAX_BYTES } from '../shared/constants';
import { errorMessages } from '../shared/errors';
import type { Config } from './config';
import './lib/zod-locale';
import type { Db } from './db/client';
import type { ModuleDeps } from './lib/deps';
import type { ModuleManifest } from './lib/module-manifest';
import { EARLY_REQUESTS_SCRIPT_HASH } from './lib/early-requests';
import { startEventBus } from './lib/event-bus';
import { logSafeError, logSafeRequest } from './lib/log-safety';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createStorage, type Storage } from './lib/storage';
import { swaggerUiDir, swaggerUiLogo } from './lib/swagger-ui-files';
import { coursesInitialData } from './modules/courses';
import { modules } from './modules';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { lingeringClosePlugin } from './plugins/lingering-close';
import { maintenancePlugin } from './plugins/maintenance';
import { spaPlugin } from './plugins/spa';
import { securityHeadersPlugin } from './plugins/security-headers';

interface BuildOptions {
  /** Where the log lines go instead of standard output (a test reads them). */
  logStream?: { write(line: string): void };
  /** The file storage; built from the configuration when absent. */
  storage?: Storage;
  /** Manifests registered after the platform's modules: a test's fake module (e.g. a moderation target). */
  extraModules?: readonly ModuleManifest[];
}

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Silent: no logger rather than one that writes nothing. Fastify then builds no child logger and
    // listens for no 'finish' per request (about 3 µs of a signed-in read, issue 30); the output is
    // the same: nothing.
    logger: config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      // Bearer tokens must never reach a log line, wherever a plugin logs the headers (at trace
      // level @fastify/multipart logs its busboy options, request headers included).
      redact: {
        paths: ['headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie'],
        censor: '[masqué]',
      },
      // Errors from the database are logged without their SQL nor its parameters (decision 016).
      serializers: { req: logSafeRequest, err: logSafeError },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Fastify leaves requests unbounded by default: a body trickled byte by byte would hold its
    // connection, and a graceful stop, forever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // Node checks both deadlines on this interval (30 s by default): a quarter of the shorter one
      // keeps a cut within 25 % of its limit.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.headersTimeoutMs / 4))),
    },
    clientErrorHandler,
    // Behind a reverse proxy, request.ip (the rate limits' key, the logs) is the client's, not the proxy's (decision 034).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A path that is not valid percent-encoding never reaches a route: answer the API's error body.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.status(400).send({ error_code: 'invalid_request', message: errorMessages.invalid_request });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorsPlugin, { db });
  await app.register(lingeringClosePlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        // The hash: the player's inline script that starts its first API calls (decision 035).
        scriptSrc: ["'self'", EARLY_REQUESTS_SCRIPT_HASH, `https://${config.jitsiDomain}`],
        // 'self': a PDF lesson is read in the page, from its signed /api/media link (decision 017).
        frameSrc: ["'self'", `https://${config.jitsiDomain}`],
        // Emotion (MUI's styling engine) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    limits: { fileSize: COURSE_ATTACHMENT_MAX_BYTES, files: 2, fields: 20, fieldSize: 100_000, parts: 24 },
  });
  // Before the documentation routes, so that they too are collected with their access rule.
  await app.register(authPlugin, { db });
  await app.register(inputGuardPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'EcoForma API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // Bundled with the server (decision 026), so the folders it would find beside its own code are named.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, baseDir: swaggerUiDir, logo: swaggerUiLogo() });

  await app.register(maintenancePlugin, { enabled: config.maintenanceMode });

  // The live events' bus: in process on PGlite, LISTEN/NOTIFY between API processes on PostgreSQL.
  const bus = startEventBus({ databaseUrl: config.databaseUrl, log: app.log });
  app.addHook('onClose', async () => (await bus).close());

  const storage = options.storage ?? (await createStorage(config));
  const allModules = options.extraModules ? [...modules, ...options.extraModules] : modules;
  const deps: ModuleDeps = { config, db, storage, modules: allModules };
  for (const module of allModules) for (const routes of module.routes) await app.register(routes, deps);
  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    // Under maintenance the API answers 503: a page must not show data its own calls would refuse.
    initialData: config.maintenanceMode ? undefined : coursesInitialData(db),
  });

  return app;
}
