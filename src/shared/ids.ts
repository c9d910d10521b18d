import { z } from 'zod';

/** The largest PostgreSQL `integer`: a larger id is malformed, never a database error. */
const MAX_ID = 2_147_483_647;
export const INVALID_ID_MESSAGE = 'Identifiant invalide.';

/**
 * A row id as it comes in a path: decimal digits only, from 1 to MAX_ID. Anything else ('abc',
 * '0', '-1', '1.5', '1e3', '0x1F', a huge number) is refused with 422 `validation_failed` on
 * every route (docs/decisions/007-identifiants-malformes.md).
 */
export const idSchema = z
  .string()
  .regex(/^\d+$/, INVALID_ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int(INVALID_ID_MESSAGE).min(1, INVALID_ID_MESSAGE).max(MAX_ID, INVALID_ID_MESSAGE));

/** `/…/:id` */
export const idParamsSchema = z.object({ id: idSchema });

/** A row id inside a JSON body (a number, not text), with the same bounds and message as a path id. */
export const bodyIdSchema = z
  .number({ error: INVALID_ID_MESSAGE })
  .int({ error: INVALID_ID_MESSAGE })
  .min(1, { error: INVALID_ID_MESSAGE })
  .max(MAX_ID, { error: INVALID_ID_MESSAGE });
