import { z } from 'zod';

/**
 * Route answers that are not JSON: what `schema.response` declares for them. Fastify never hands a
 * Buffer, a stream, nor a string sent with a non-JSON content type to the serializer, so these
 * schemas only document the answer (`/api/docs`: its media type, binary or text); the route still
 * sets the content type itself.
 */

/** The body of a 204 answer: nothing (documented without content). */
export const noContentSchema = z.undefined().describe('Aucun contenu');

/**
 * A file or a stream (PDF, ZIP, image, video…) in one of `mediaTypes` (`image/*` allowed). Typed
 * `unknown` so that a handler may send a Buffer or a stream; documented as a binary string.
 */
export function binaryAnswer(mediaTypes: readonly string[], description: string) {
  return mediaAnswer(mediaTypes, description, z.unknown().meta({ type: 'string', format: 'binary' }));
}

/** Text that is not JSON (CSV, HTML, calendar…), sent as a string with its own content type. */
export function textAnswer(mediaTypes: readonly string[], description: string) {
  return mediaAnswer(mediaTypes, description, z.string());
}

/**
 * JSON by default, or a page in `textType` for a browser that asks for it (Accept): the one-click
 * unsubscribe links answer both (decision 024).
 */
export function jsonOrTextAnswer<S extends z.ZodType>(json: S, textType: string, description: string) {
  return { description, content: { 'application/json': { schema: json }, [textType]: { schema: z.string() } } };
}

function mediaAnswer<S extends z.ZodType>(mediaTypes: readonly string[], description: string, schema: S) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) as Record<string, { schema: S }> };
}
