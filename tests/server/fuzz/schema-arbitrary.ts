import fc from 'fast-check';
import { z } from 'zod';

// Values that (mostly) pass a route's zod contract, generated from the contract itself: zod 4
// turns it into JSON Schema, and this turns JSON Schema into fast-check arbitraries. Mostly-valid
// requests get past validation into services and the database, where the 500s were.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Known good values by property name (real session ids, slot times): they reach deeper code. */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

export function toJsonSchema(schema: unknown): JsonSchema {
  try {
    return z.toJSONSchema(schema as z.ZodType, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
  } catch {
    return {}; // a schema JSON Schema cannot express: anything goes
  }
}

const anyJson = fc.jsonValue({ maxDepth: 3 });

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uuid') return fc.uuid();
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // fast-check cannot generate for every regex (lookahead): any short string then
    }
  }
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? 40, 40)) });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
  if (integer) {
    return fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectOf(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (!s.properties) return fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 4 });
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(s.properties)) {
    const base = arbitraryOf(property, hints);
    const known = hints[key];
    // mostly the real value: a request is refused at its first bad field, so the spoiled one
    // must come with good ones to reach the service behind the contract
    shape[key] = known?.length
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...known) },
          { weight: 1, arbitrary: base },
        )
      : base;
  }
  return fc.record(shape, { requiredKeys: s.required ?? [] });
}

/** An arbitrary of values shaped by `schema`; arrays and strings are kept short. */
export function arbitraryOf(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => arbitraryOf(s, hints)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], hints);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, hints);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items, hints) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}
