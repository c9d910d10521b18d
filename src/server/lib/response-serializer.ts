import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * The serializer of the JSON Schema of `schema`, as Fastify compiles its own (fast-json-stringify), or
 * undefined when the JSON Schema would say less than the zod schema does: a transform, a codec, a
 * date object or a default only zod can apply.
 */
export function jsonSchemaSerializer(schema: z.ZodType): Serialize | undefined {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (JSON.stringify(jsonSchema).includes('"default":')) return undefined;
  return fastJson(jsonSchema) as Serialize;
}

/**
 * Answers written by fast-json-stringify from the JSON Schema of the route's zod schema, the way
 * Fastify serializes natively, in place of a zod encode followed by `JSON.stringify`: the encode cost
 * about a tenth of the CPU of a small signed-in read (issue 30). Like the zod encode, only the
 * declared properties are written, so a column the schema does not name (a password hash) never
 * leaves; a required one missing is still a 500. Unlike it, a value of the wrong type is converted
 * rather than refused, which the route's tests catch instead. Compiled on a route's first answer,
 * so that building the application (every test file does) pays nothing for routes it never calls.
 */
export const responseSerializerCompiler = (route: RouteSchema): Serialize => {
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??= (route.schema instanceof z.ZodType && cachedSerializer(route.schema)) || zodSerializerCompiler(route);
    return serialize(data);
  };
};

/** By schema: a schema shared by several routes, or by every application a test process builds, is compiled once. */
const serializers = new WeakMap<z.ZodType, Serialize | null>();
function cachedSerializer(schema: z.ZodType): Serialize | undefined {
  if (!serializers.has(schema)) serializers.set(schema, jsonSchemaSerializer(schema) ?? null);
  return serializers.get(schema) ?? undefined;
}
