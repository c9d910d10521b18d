import { errorMessages, type ErrorCode, type FieldErrors } from '../../shared/errors';

/** The one error type of the API; the error handler turns it into `{ error_code, message, errors? }`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode: number,
    message: string = errorMessages[code],
    public readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fieldErrors: FieldErrors, message = errorMessages.validation_failed): AppError {
    return new AppError('validation_failed', 422, message, fieldErrors);
  }
  static notFound(message = errorMessages.not_found): AppError {
    return new AppError('not_found', 404, message);
  }
  static forbidden(message = errorMessages.forbidden): AppError {
    return new AppError('forbidden', 403, message);
  }
  /** 409: the address belongs to another account (the unique index decides between concurrent writes). */
  static emailTaken(field = 'email'): AppError {
    return new AppError('email_taken', 409, errorMessages.email_taken, { [field]: [errorMessages.email_taken] });
  }
  /** 409: the resource is not (or no longer, after a concurrent change) in a state this action starts from. */
  static invalidTransition(message: string): AppError {
    return new AppError('invalid_transition', 409, message);
  }
  static unauthenticated(): AppError {
    return new AppError('invalid_token', 401);
  }
}
