import { vi } from 'vitest';

/**
 * In the API tests a response schema may not drop anything: Fastify's serializer (fastify-type-provider-zod)
 * strips the keys a schema does not name, so a field a service returns but its shared response
 * schema forgets would silently vanish from the answer. Here the answer must equal what the
 * handler returned, or the request fails (500) and the culprit is printed.
 */
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify-type-provider-zod')>();
  const serializerCompiler: typeof original.serializerCompiler = (route) => {
    const serialize = original.serializerCompiler(route);
    return (data) => {
      const json = serialize(data);
      const dropped = droppedPaths(JSON.parse(JSON.stringify(data)) as unknown, JSON.parse(json) as unknown, '');
      if (dropped.length > 0) {
        const message = `${route.method} ${route.url}: the response schema drops ${dropped.join(', ')}`;
        console.error(message);
        throw new Error(message);
      }
      return json;
    };
  };
  return { ...original, serializerCompiler };
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
