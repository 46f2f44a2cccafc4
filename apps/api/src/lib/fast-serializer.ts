import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Issue 19: a route's response written by a serializer compiled once from its zod response
 * schema (fast-json-stringify), where the app's default (fastify-type-provider-zod) parses
 * the whole answer with zod and then runs JSON.stringify on every request. Same fields in the
 * same order: the schema lists every property (an object's unknown keys are left out by
 * both), optional ones absent when undefined. What it does not do is check the answer
 * against the schema: the routes using it are the hot reads whose answers the modules' own
 * mappers build (docs/decisions/028). Used per route (`serializerCompiler: fastSerializer`).
 */
export function fastSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  // Any zod 4 schema (one from @benchmarket/shared's copy of zod too) carries `_zod`.
  if (typeof schema !== 'object' || schema === null || !('_zod' in schema))
    throw new Error('fastSerializer: the response schema is not a zod schema');
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(shapeOnly(jsonSchema) as Parameters<typeof fastJson>[0]);
}

/**
 * Checks that do not change how a value is written (patterns, formats, bounds): without them,
 * choosing a branch of `anyOf` (a nullable object) costs no regular expression. The values
 * are strings already (dates are ISO strings by then), so no `format` conversion is lost.
 */
const CHECK_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

function shapeOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapeOnly);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // `properties` holds field names, which may be spelled like a keyword.
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, shapeOnly(sub)]));
    } else if (!CHECK_ONLY.has(key)) {
      out[key] = shapeOnly(value);
    }
  }
  return out;
}
