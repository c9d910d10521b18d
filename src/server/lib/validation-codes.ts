import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ErrorCode } from '../../shared/errors';
import { AppError } from './app-error';
import { fieldErrorsOf } from './field-errors';

/**
 * A route `errorHandler` that answers a specific code instead of `validation_failed` when the
 * zod issues say so (see `issueCode` in shared/auth.ts): `prefer` wins as soon as one issue
 * carries it (login's `empty_fields`); otherwise a code carried by every issue wins
 * (`invalid_date` when the birth date is the only problem). Anything else goes on to the
 * application's error handler unchanged.
 */
export function validationCodes(options: { prefer?: ErrorCode } = {}) {
  return (error: FastifyError): never => {
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    const fieldErrors = fieldErrorsOf(error.validation);
    const codes = error.validation.map((issue) => (issue.params as { params?: { errorCode?: ErrorCode } } | undefined)?.params?.errorCode);
    let code: ErrorCode = 'validation_failed';
    if (options.prefer && codes.includes(options.prefer)) code = options.prefer;
    else if (codes[0] && codes.every((c) => c === codes[0])) code = codes[0];
    throw new AppError(code, 422, errorMessages[code], fieldErrors);
  };
}
