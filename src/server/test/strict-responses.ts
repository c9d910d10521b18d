import { isDeepStrictEqual } from 'node:util';
import { vi } from 'vitest';

/**
 * In the API tests a response schema may not drop anything: the serializer strips the keys a schema
 * does not name, so a field a service returns but its shared response schema forgets would silently
 * vanish from the answer. Here the answer must equal what the handler returned, or the request
 * fails (500) and the culprit is printed. And the answer written from the JSON Schema
 * (`responseSerializerCompiler`) must be the one zod's encode would write, so that a value zod would
 * refuse (a number where a text is declared) fails here instead of being converted in production.
 */
vi.mock('../lib/response-serializer', async (importOriginal) => {
  const original = await importOriginal<typeof import('../lib/response-serializer')>();
  const { serializerCompiler: zodSerializerCompiler } = await import('fastify-type-provider-zod');
  const responseSerializerCompiler: typeof original.responseSerializerCompiler = (route) => {
    const serialize = original.responseSerializerCompiler(route);
    const zodSerialize = zodSerializerCompiler(route);
    return (data) => {
      const fail = (message: string) => {
        console.error(message);
        throw new Error(message);
      };
      const json = serialize(data);
      let zodJson: string;
      try {
        zodJson = zodSerialize(data);
      } catch (error) {
        return fail(`${route.method} ${route.url}: zod refuses the answer the JSON Schema serializer wrote (${String(error)})`);
      }
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(zodJson))) fail(`${route.method} ${route.url}: the JSON Schema serializer wrote ${json.slice(0, 300)}, zod ${zodJson.slice(0, 300)}`);
      const dropped = droppedPaths(JSON.parse(JSON.stringify(data)) as unknown, JSON.parse(json) as unknown, '');
      if (dropped.length > 0) fail(`${route.method} ${route.url}: the response schema drops ${dropped.join(', ')}`);
      return json;
    };
  };
  return { ...original, responseSerializerCompiler };
});

/** Paths present in `sent` (what the handler returned, as JSON) and missing from `answered`. */
function droppedPaths(sent: unknown, answered: unknown, path: string): string[] {
  if (sent === null || typeof sent !== 'object') return [];
  if (answered === null || typeof answered !== 'object') return [path || '(root)'];
  if (Array.isArray(sent)) {
    return sent.flatMap((item, index) => droppedPaths(item, (answered as unknown[])[index], `${path}[${index}]`));
  }
  const out = answered as Record<string, unknown>;
  return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) =>
    key in out ? droppedPaths(value, out[key], path ? `${path}.${key}` : key) : [path ? `${path}.${key}` : key],
  );
}
