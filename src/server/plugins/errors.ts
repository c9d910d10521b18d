import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ApiErrorBody } from '../../shared/errors';
import type { Db } from '../db/client';
import { databaseReadiness } from '../db/readiness';
import { AppError } from '../lib/app-error';
import { isDatabaseTimeLimit, isDatabaseUnavailable, isDiskFull } from '../lib/db-errors';
import { DatabaseOutageLog, ThrottledLog } from '../lib/db-outage-log';
import { fieldErrorsOf } from '../lib/field-errors';

/** Fastify's own error codes that mean "the client sent something wrong". */
const clientErrors: Record<string, { status: number; body: () => ApiErrorBody }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: () => ({ error_code: 'invalid_request', message: 'Le corps de la requête n’est pas un JSON valide.' }) },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, body: () => ({ error_code: 'invalid_request', message: 'Le corps de la requête est vide.' }) },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, body: () => ({ error_code: 'invalid_request', message: 'Type de contenu non pris en charge.' }) },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: () => ({ error_code: 'payload_too_large', message: errorMessages.payload_too_large }) },
  FST_REQ_FILE_TOO_LARGE: { status: 413, body: () => ({ error_code: 'file_too_large', message: errorMessages.file_too_large }) },
  FST_FILES_LIMIT: { status: 413, body: () => ({ error_code: 'payload_too_large', message: 'Trop de fichiers envoyés.' }) },
  FST_PARTS_LIMIT: { status: 413, body: () => ({ error_code: 'payload_too_large', message: 'Trop de champs envoyés.' }) },
  FST_FIELDS_LIMIT: { status: 413, body: () => ({ error_code: 'payload_too_large', message: 'Trop de champs envoyés.' }) },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, body: () => ({ error_code: 'invalid_request', message: 'La requête doit être envoyée en multipart/form-data.' }) },
};

/**
 * Turns every thrown error into the API's error body; a 5xx never shows its internals. An
 * unavailable database is logged once per outage, not once per request.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  // The outage is over once the database answers again, even slowly.
  const outage = new DatabaseOutageLog(app.log, async () => (await databaseReadiness(db)) !== 'unavailable');
  const diskFull = new ThrottledLog((details) => app.log.error(details, 'Disque de la base de données plein : les écritures reçoivent 503'));
  const tooSlow = new ThrottledLog((details) => app.log.warn(details, 'Requêtes arrêtées par une limite de temps de la base de données (trop lentes) : 503'));
  app.addHook('onClose', async () => outage.close());
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error_code: error.code, message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send({ error_code: 'validation_failed', message: errorMessages.validation_failed, errors: fieldErrorsOf(error.validation) });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send(known.body());
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error_code: 'invalid_request', message: errorMessages.invalid_request });
    }
    // The database answers, but cannot write: the same answer as a full disk for an upload.
    if (isDiskFull(error)) {
      diskFull.hit();
      return reply.status(503).send({ error_code: 'storage_unavailable', message: errorMessages.storage_unavailable });
    }
    // This request was too slow; the database is not down, so this is no outage.
    if (isDatabaseTimeLimit(error)) {
      tooSlow.hit();
      return reply.status(503).send({ error_code: 'server_error', message: errorMessages.server_error });
    }
    if (isDatabaseUnavailable(error)) {
      outage.failed(error);
      return reply.status(503).send({ error_code: 'server_error', message: errorMessages.server_error });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error_code: 'server_error', message: errorMessages.server_error });
  });
});

/** Errors Node raises below Fastify, on the socket itself (mainly a request past its time limit). */
const socketErrors: Record<string, { status: number; body: ApiErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, body: { error_code: 'request_timeout', message: errorMessages.request_timeout } },
  HPE_HEADER_OVERFLOW: { status: 431, body: { error_code: 'invalid_request', message: 'Les en-têtes de la requête sont trop volumineux.' } },
};

/**
 * Fastify's `clientErrorHandler`: answers in the API's French error body, then closes the socket.
 * Nothing is written once a response has begun on it, which would corrupt that response.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own handler reads the same field to know whether a response is under way.
  const pending = (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const { status, body } = (error.code && socketErrors[error.code]) || { status: 400, body: { error_code: 'invalid_request', message: errorMessages.invalid_request } };
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
