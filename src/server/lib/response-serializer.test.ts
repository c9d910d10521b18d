import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaSerializer } from './response-serializer';

const account = z.object({
  id: z.number().int(),
  role: z.enum(['membre', 'admin']),
  name: z.string(),
  phone: z.string().nullable(),
  gender: z.enum(['female', 'male']).nullable(),
  organisation: z.optional(z.nullable(z.object({ siret: z.string(), seats: z.number() }))),
  tags: z.array(z.object({ label: z.string() })),
  counts: z.record(z.string(), z.number()),
  confirmed: z.boolean(),
});

const zodJson = (schema: z.ZodType, data: unknown) => zodSerializerCompiler({ schema, method: 'GET', url: '/test' })(data);

describe('jsonSchemaSerializer', () => {
  it('writes what the zod encode writes (the same values; optional properties may come last)', () => {
    const serialize = jsonSchemaSerializer(account)!;
    const samples = [
      { id: 1, role: 'membre', name: 'Élodie « Lou » \n "N"', phone: null, gender: null, tags: [], counts: {}, confirmed: false },
      { id: 2, role: 'admin', name: 'Zoé', phone: '0601020304', gender: 'female', organisation: null, tags: [{ label: 'RSE' }], counts: { a: 1, b: 2.5 }, confirmed: true },
      { id: 3, role: 'membre', name: '', phone: '', gender: 'male', organisation: { siret: '12345678901234', seats: 3 }, tags: [{ label: 'x' }, { label: 'y' }], counts: { z: 0 }, confirmed: true },
    ];
    for (const sample of samples) expect(JSON.parse(serialize(sample))).toStrictEqual(JSON.parse(zodJson(account, sample)));
  });

  it('writes only the declared properties: a column the schema does not name never leaves', () => {
    const serialize = jsonSchemaSerializer(account)!;
    const json = serialize({ id: 1, role: 'membre', name: 'A', phone: null, gender: null, tags: [{ label: 'l', secret: 1 }], counts: {}, confirmed: true, password_hash: '$argon2id$…' });
    expect(json).not.toContain('password_hash');
    expect(json).not.toContain('secret');
  });

  it('refuses an answer missing a required property, as zod does', () => {
    const serialize = jsonSchemaSerializer(account)!;
    expect(() => serialize({ id: 1, role: 'membre' })).toThrow();
  });

  it('leaves to zod what a JSON Schema cannot say: transforms, dates, defaults', () => {
    expect(jsonSchemaSerializer(z.object({ at: z.date() }))).toBeUndefined();
    expect(jsonSchemaSerializer(z.object({ n: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(jsonSchemaSerializer(z.object({ page: z.number().default(1) }))).toBeUndefined();
  });
});
