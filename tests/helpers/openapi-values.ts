import type { OpenAPIObject } from "#app/modules/api/openapi.ts";
import type { TokenScope } from "#app/modules/api/tokens.ts";

/*
 * Requests generated from the OpenAPI document (tests/faults/api-fuzz.test.ts):
 * its operations with their parameters and body schemas, and values a schema
 * accepts, built from the schema alone.
 */

/** A small seeded generator (mulberry32), so a failure replays exactly. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Up to `n` of `items`, in their order. */
  const some = <T>(items: readonly T[], n: number): T[] =>
    items.length <= n
      ? [...items]
      : items
          .map((item) => ({ item, key: next() }))
          .sort((x, y) => x.key - y.key)
          .slice(0, n)
          .map(({ item }) => item);
  return { next, pick, some };
}
export type Random = ReturnType<typeof random>;

export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  parameters: Parameter[];
  body: Schema | null;
  /** The scope its token needs, or null for anonymous reads. */
  scope: TokenScope | null;
  statuses: string[];
}

export function resolver(document: OpenAPIObject) {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  return function resolve(schema: Schema): Schema {
    let s = schema;
    for (let hops = 0; s.$ref && hops < 10; hops++) s = schemas[s.$ref.replace("#/components/schemas/", "")]!;
    return s;
  };
}

export function operationsOf(document: OpenAPIObject): Operation[] {
  const resolve = resolver(document);
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => {
      const op = (item as Record<string, unknown>)[method] as
        | {
            operationId: string;
            parameters?: Parameter[];
            requestBody?: { content: Record<string, { schema: Schema }> };
            security?: Record<string, string[]>[];
            responses: Record<string, unknown>;
          }
        | undefined;
      if (!op) return [];
      const bodySchema = op.requestBody?.content["application/json"]?.schema;
      const scoped = op.security?.find((s) => Object.values(s).some((roles) => roles.length > 0));
      return [
        {
          method,
          path,
          operationId: op.operationId,
          parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
          body: bodySchema ? resolve(bodySchema) : null,
          scope: scoped ? (Object.values(scoped)[0]![0] as TokenScope) : null,
          statuses: Object.keys(op.responses),
        },
      ];
    }),
  );
}

/** A value the schema accepts, built from the schema alone: required properties always, the others when `full`. */
export function validValue(schema: Schema, resolve: (s: Schema) => Schema, rng: Random, full: boolean, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return rng.pick(s.enum);
  // An example with its digits changed still matches a pattern of digits (tt0063350), and keeps unique ids apart.
  if (typeof s.example === "string") return s.example.replace(/\d/g, () => String(Math.floor(rng.next() * 10)));
  if (s.example !== undefined && typeof s.example !== "object") return s.example;
  const branches = s.oneOf ?? s.anyOf;
  if (branches) return validValue(rng.pick(branches), resolve, rng, full, depth + 1);
  if (s.allOf) return Object.assign({}, ...(s.allOf.map((part) => validValue(part, resolve, rng, full, depth + 1)) as object[]));
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== "null") : [s.type ?? "object"];
  const type = types[0] ?? "null";
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(name) || (full && depth < 4 && rng.next() < 0.6)) {
          out[name] = validValue(property, resolve, rng, full, depth + 1);
        }
      }
      return out;
    }
    case "array": {
      const count = Math.max(s.minItems ?? 0, full && depth < 4 ? 1 : 0);
      return Array.from({ length: Math.min(count, s.maxItems ?? count) }, () => validValue(s.items ?? {}, resolve, rng, full, depth + 1));
    }
    case "integer": {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      const high = Math.min(s.maximum ?? low + 1_000_000, low + 1_000_000);
      return low + Math.floor(rng.next() * (high - low + 1));
    }
    case "number":
      return Math.min(Math.max(s.minimum ?? 1.5, 1.5), s.maximum ?? 1.5);
    case "boolean":
      return rng.next() < 0.5;
    case "string": {
      if (s.format === "date-time") return "2024-05-06T07:08:09.000Z";
      if (s.format === "date" || s.pattern === "^\\d{4}-\\d{2}-\\d{2}$") return "2024-05-06";
      if (s.format === "uri") return "https://files.example/fuzz.mkv";
      if (s.pattern === "^\\d{4}$") return "1999";
      const text = `fuzz ${Math.floor(rng.next() * 1e6)}`;
      return text.padEnd(s.minLength ?? 1, "x").slice(0, s.maxLength ?? text.length);
    }
    default:
      return null;
  }
}
