/**
 * The API fuzzer's view of the OpenAPI document the app serves (plugins/openapi.ts): every
 * path and method, with the schemas of its path and query parameters, headers and body.
 */

/** The part of JSON Schema that fastify-type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  /** The path as the document writes it: `/api/v1/listings/{id}`. */
  path: string;
  /** `POST /api/v1/listings/{id}/photos`: how the table of counts names the route. */
  name: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** A JSON (or form) body: the content types the document lists and the first one's schema. */
  body?: { contentTypes: string[]; schema: JsonSchema; required: boolean };
  /** A multipart upload: the name of the file field. */
  multipart?: { field: string };
  /** The operation names a security requirement (a bearer token). */
  secured: boolean;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  consumes?: string[];
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * A multipart route has no body schema in the document (its files are read as a stream); its
 * summary names the field (`multipart field 'files'`), as photos/routes.ts writes it.
 */
function multipartOf(operation: OpenApiOperation): Operation['multipart'] {
  const content = operation.requestBody?.content ?? {};
  if (operation.consumes?.includes('multipart/form-data') || 'multipart/form-data' in content) {
    return { field: /multipart field '([^']+)'/.exec(operation.summary ?? '')?.[1] ?? 'files' };
  }
  const named = /multipart field '([^']+)'/.exec(`${operation.summary ?? ''} ${operation.description ?? ''}`);
  return named ? { field: named[1]! } : undefined;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required ?? false,
        schema: p.schema ?? {},
      }));
      const content = operation.requestBody?.content ?? {};
      const contentTypes = Object.keys(content).filter((type) => type !== 'multipart/form-data');
      const first = contentTypes[0];
      operations.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        name: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        headerParams: parameters.filter((p) => p.in === 'header'),
        body: first
          ? { contentTypes, schema: content[first]?.schema ?? {}, required: operation.requestBody?.required ?? false }
          : undefined,
        multipart: multipartOf(operation),
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** The types a schema allows, `anyOf` and `nullable` included. */
export function typesOf(schema: JsonSchema): string[] {
  const types = new Set<string>();
  if (Array.isArray(schema.type)) schema.type.forEach((t) => types.add(t));
  else if (schema.type) types.add(schema.type);
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) typesOf(inner).forEach((t) => types.add(t));
  if (schema.nullable) types.add('null');
  if (types.size === 0 && schema.enum) schema.enum.forEach((v) => types.add(v === null ? 'null' : typeof v));
  return [...types];
}
