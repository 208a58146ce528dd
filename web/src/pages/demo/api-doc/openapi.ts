/** The parts of an OpenAPI 3 document the reference page reads. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  format?: string;
  minimum?: number;
  $ref?: string;
  [key: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaType {
  schema?: JsonSchema;
}

export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType>; required?: boolean };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: unknown[];
}

export interface OpenApiDoc {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Whether an answer is an OpenAPI document (an object with a `paths` object), not an error page or nothing. */
export function isOpenApiDoc(value: unknown): value is OpenApiDoc {
  if (typeof value !== 'object' || value === null) return false;
  const { openapi, paths } = value as OpenApiDoc;
  return typeof openapi === 'string' && typeof paths === 'object' && paths !== null;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface Endpoint {
  key: string;
  method: Method;
  path: string;
  tag: string;
  op: Operation;
}

/** Every operation, grouped by its first tag (untagged ones under `other`), sorted by path. */
export function groupByTag(doc: OpenApiDoc): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({ key: `${method} ${path}`, method, path, tag, op });
      groups.set(tag, list);
    }
  }
  for (const list of groups.values())
    list.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Resolve a local `$ref` (`#/components/schemas/X`) once; anything else is returned as is. */
export function deref(doc: OpenApiDoc, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
  return doc.components?.schemas?.[name] ?? schema;
}

/** A starting value for a schema: the default, the first enum value, or an empty value of its type. */
export function sampleOf(doc: OpenApiDoc, input: JsonSchema | undefined, depth = 0): unknown {
  const schema = deref(doc, input);
  if (!schema || depth > 6) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sampleOf(doc, alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sampleOf(doc, v, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return schema.properties ? sampleOf(doc, { ...schema, type: 'object' }, depth) : null;
  }
}

/** A short type label for a parameter's schema. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return alt.map(typeLabel).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? '');
  if (type === 'array') return `${typeLabel(schema.items)}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** Fill `{name}` path segments, each value URI-encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
