import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ApiErrorBody, type FieldErrors } from '../../shared/errors';
import { AppError } from '../lib/app-error';

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

/** Turns every thrown error into the API's error body; a 5xx never shows its internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error_code: error.code, message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'Valeur invalide.');
      }
      return reply.status(422).send({ error_code: 'validation_failed', message: errorMessages.validation_failed, errors });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send(known.body());
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error_code: 'invalid_request', message: errorMessages.invalid_request });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(isDatabaseUnavailable(error) ? 503 : 500).send({ error_code: 'server_error', message: errorMessages.server_error });
  });
});

/** Network failures reaching the database server. */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's own messages for a connection that broke or never came up (they carry no code). */
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Connection failures of pg (and PGlite being closed) mean "try again later", not a bug.
 * Drizzle wraps the driver's error in `cause` (DrizzleQueryError), so the whole chain is read.
 * SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server shutting down or
 * starting; 53300 is "too many connections".
 */
function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08...$|^57P0[123]$|^53300$/.test(code))) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
