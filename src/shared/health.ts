import { z } from 'zod';

/** `GET /api/health`: 200 when the database and the file storage answer, 503 (same body) otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
