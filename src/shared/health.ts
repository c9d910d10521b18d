import { z } from 'zod';

/**
 * `GET /api/health`, the readiness check: 200 when the database serves (`busy`: slow under load,
 * but answering) and the file storage takes writes, 503 (same body) otherwise.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'busy', 'unavailable']),
  storage: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`, the liveness check: the process answers. It reads nothing. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
