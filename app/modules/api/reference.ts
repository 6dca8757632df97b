import type { OpenAPIObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from "openapi3-ts/oas31";
import { PROBLEMS, type ProblemKind } from "./openapi.ts";

/*
 * The reference page's content, read from the OpenAPI document itself (so the
 * page shows exactly what is published): each operation with its parameters,
 * responses and a curl example, each named schema as a table of fields, and the
 * kinds of problem. Plain data, rendered by app/routes/api/docs.tsx.
 */

/** A type as words, with the named schema it refers to when there is one. */
export interface TypeLabel {
  text: string;
  ref?: string;
}

export interface FieldRow {
  /** Dotted for nested objects, [] for array items: cast[].name. */
  name: string;
  type: TypeLabel;
  required: boolean;
  description: string;
}

export interface OperationView {
  id: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** The token scope a call needs; null for anonymous reads. */
  scope: string | null;
  /** The JSON body's type, for writes. */
  body: TypeLabel | null;
  summary: string;
  description: string;
  parameters: (FieldRow & { in: string })[];
  responses: { status: string; description: string; contentType: string | null; type: TypeLabel | null }[];
  curl: string;
}

export interface ReferenceView {
  title: string;
  description: string;
  baseUrl: string;
  operations: OperationView[];
  schemas: { name: string; description: string; fields: FieldRow[] }[];
  problems: { kind: ProblemKind; status: number; title: string; description: string }[];
}

const isRef = (value: unknown): value is ReferenceObject => typeof value === "object" && value !== null && "$ref" in value;
const refName = (ref: ReferenceObject) => ref.$ref.replace("#/components/schemas/", "");

function constraints(schema: SchemaObject): string[] {
  const out: string[] = [];
  if (schema.format) out.push(schema.format);
  if (schema.minimum !== undefined && schema.maximum !== undefined) out.push(`${schema.minimum}–${schema.maximum}`);
  else if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.maxLength !== undefined) out.push(`${schema.minLength ?? 0}–${schema.maxLength} characters`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  return out;
}

export function typeLabel(schema: SchemaObject | ReferenceObject | undefined): TypeLabel {
  if (!schema) return { text: "any" };
  if (isRef(schema)) return { text: refName(schema), ref: refName(schema) };
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes("null");
  const base = types.find((t) => t !== "null");
  let label: TypeLabel;
  if (schema.enum) label = { text: `one of ${schema.enum.map((v) => String(v)).join(", ")}` };
  else if (base === "array") {
    const item = typeLabel(schema.items);
    label = { text: `array of ${item.text}`, ref: item.ref };
  } else {
    const extra = constraints(schema);
    label = { text: `${base ?? "any"}${extra.length ? ` (${extra.join(", ")})` : ""}` };
  }
  return nullable ? { ...label, text: `${label.text}, or null` } : label;
}

/** The fields of an object schema; inline objects (and arrays of them) are opened in place. */
function fields(schema: SchemaObject, prefix = ""): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const row: FieldRow = {
      name: `${prefix}${name}`,
      type: typeLabel(property),
      required: required.has(name),
      description: isRef(property) ? "" : (property.description ?? ""),
    };
    if (isRef(property)) return [row];
    if (property.properties) return [{ ...row, type: { text: "object" } }, ...fields(property, `${row.name}.`)];
    const items = property.items;
    if (items && !isRef(items) && items.properties)
      return [{ ...row, type: { text: "array of objects" } }, ...fields(items, `${row.name}[].`)];
    return [row];
  });
}

function curlFor(baseUrl: string, path: string, parameters: ParameterObject[]): string {
  let example = path;
  const query: string[] = [];
  for (const p of parameters) {
    const value = (p.schema && !isRef(p.schema) ? p.schema.example : undefined) as string | number | undefined;
    if (p.in === "path") example = example.replace(`{${p.name}}`, String(value ?? 1));
    else if (p.required && value !== undefined) query.push(`${p.name}=${encodeURIComponent(String(value))}`);
  }
  return `curl -i '${baseUrl}${example}${query.length ? `?${query.join("&")}` : ""}'`;
}

export function referenceView(document: OpenAPIObject, examples: Record<string, string>): ReferenceView {
  const baseUrl = document.servers?.[0]?.url ?? "";
  const methods = ["get", "post", "put", "patch", "delete"] as const;
  const operations: OperationView[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const parameters = (op.parameters ?? []).filter((p): p is ParameterObject => !isRef(p));
      const example = op.operationId ? examples[op.operationId] : undefined;
      const scope = op.security?.flatMap((requirement) => Object.values(requirement).flat())[0] ?? null;
      const [bodyType, bodyMedia] = op.requestBody && !isRef(op.requestBody) ? (Object.entries(op.requestBody.content)[0] ?? []) : [];
      const bodySchema = bodyMedia?.schema;
      const verb = method.toUpperCase() as OperationView["method"];
      const read = example ? `curl -i '${baseUrl}${example}'` : curlFor(baseUrl, path, parameters);
      // Writes: the token in a variable, the body from a file.
      const write = `curl -i -X ${verb} '${baseUrl}${example ?? path}' \\\n  -H "Authorization: Bearer $CINEDEX_TOKEN"${
        bodySchema
          ? ` \\\n  -H 'Content-Type: ${bodyType}'${verb === "POST" ? ` -H "Idempotency-Key: $(uuidgen)"` : ""} \\\n  --data @body.json`
          : ""
      }`;
      return [
        {
          id: op.operationId ?? path,
          method: verb,
          path,
          scope,
          body: bodySchema ? typeLabel(bodySchema) : null,
          summary: op.summary ?? "",
          description: op.description ?? "",
          parameters: parameters.map((p) => ({
            name: p.name,
            in: p.in,
            required: Boolean(p.required),
            type: typeLabel(p.schema),
            description: p.description ?? "",
          })),
          responses: Object.entries(op.responses ?? {}).map(([status, response]) => {
            const { description, content } = response as ResponseObject;
            const [contentType, media] = Object.entries(content ?? {})[0] ?? [null, undefined];
            return { status, description, contentType, type: media?.schema ? typeLabel(media.schema) : null };
          }),
          curl: method === "get" ? read : write,
        },
      ];
    }),
  );
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    description: isRef(schema) ? "" : (schema.description ?? ""),
    fields: isRef(schema) ? [] : fields(schema),
  }));
  const problems = (Object.keys(PROBLEMS) as ProblemKind[]).map((kind) => ({ kind, ...PROBLEMS[kind] }));
  return {
    title: document.info.title,
    description: document.info.description ?? "",
    baseUrl,
    operations,
    schemas,
    problems,
  };
}
