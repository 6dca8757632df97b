import type { ReactNode } from "react";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { getApp } from "#app/context.ts";
import { openApiDocument, problemType } from "#app/modules/api/openapi.ts";
import { API_BASE_PATH, OPERATIONS } from "#app/modules/api/operations.ts";
import { API_RATE_RULE } from "#app/modules/api/rate-limit.server.ts";
import { referenceView, type FieldRow, type TypeLabel } from "#app/modules/api/reference.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/docs";

/**
 * /api/docs: the read API's reference, rendered on the server from the published
 * OpenAPI document (no script of its own, so it works under the site's CSP).
 */
export function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const examples = Object.fromEntries(Object.values(OPERATIONS).map((op) => [op.operationId, op.example]));
  return {
    view: referenceView(openApiDocument(app.publicUrl), examples),
    rateLimit: API_RATE_RULE.points,
    basePath: API_BASE_PATH,
    exampleProblemType: problemType(app.publicUrl, "invalid-parameter"),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "API reference",
    description:
      "Read the Cinedex catalogue from scripts and apps: titles, genres, search, suggestions and settings as JSON, with an OpenAPI 3.1 document.",
    path: "/api/docs",
  });
}

const schemaAnchor = (name: string) => `schema-${name}`;

/** A description from the document: `backticks` mark code, as in CommonMark. */
function Prose({ text }: { text: string }) {
  return text.split("`").map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

function Type({ type }: { type: TypeLabel }) {
  if (!type.ref) return <code>{type.text}</code>;
  return (
    <code>
      {type.text.replace(type.ref, "")}
      <a href={`#${schemaAnchor(type.ref)}`}>{type.ref}</a>
    </code>
  );
}

/** A table that scrolls sideways on narrow screens; keyboard users can scroll it too. */
function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg ring-1 ring-white/10">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="bg-ink-800 text-mist-300">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 align-top">{children}</tbody>
      </table>
    </div>
  );
}

const cell = "px-3 py-2";

/** Parameters are marked when required; response fields, which are always present, when they may be missing. */
function FieldRows({ rows, mark }: { rows: (FieldRow & { in?: string })[]; mark: "required" | "optional" }) {
  return rows.map((row) => (
    <tr key={row.name}>
      <td className={cell}>
        <code className="whitespace-nowrap text-white">{row.name}</code>
        {mark === "required" && row.required && <span className="ml-1 text-xs text-accent-300">required</span>}
        {mark === "optional" && !row.required && <span className="ml-1 text-xs text-mist-300">optional</span>}
        {row.in === "path" && <span className="ml-1 text-xs text-mist-300">in path</span>}
      </td>
      <td className={cell}>
        <Type type={row.type} />
      </td>
      <td className={`${cell} text-mist-300`}>
        <Prose text={row.description} />
      </td>
    </tr>
  ));
}

function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg bg-ink-800 ring-1 ring-white/10">
      <pre className="p-4 text-sm">
        <code>{children}</code>
      </pre>
    </div>
  );
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { view, rateLimit, basePath, exampleProblemType } = loaderData;
  return (
    <StaticPage
      title="API reference"
      lead="Read the catalogue from your own scripts, bots and apps: the titles, genres, search and settings the site shows, as plain JSON."
    >
      <nav aria-labelledby="api-contents" className="rounded-xl bg-ink-800 p-5 ring-1 ring-white/5 sm:p-6">
        <h2 id="api-contents" className="mt-0 text-base">
          Contents
        </h2>
        <ul className="mt-3 text-sm">
          <li>
            <a href="#basics">Basics</a>
          </li>
          {view.operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`}>
                {op.summary}:{" "}
                <code>
                  {op.method} {op.path}
                </code>
              </a>
            </li>
          ))}
          <li>
            <a href="#schemas">Schemas</a>
          </li>
          <li>
            <a href="#problems">Errors</a>
          </li>
        </ul>
      </nav>

      <h2 id="basics">Basics</h2>
      <p>
        <Prose text={view.description} />
      </p>
      <ul>
        <li>
          Every address below starts with <code>{view.baseUrl}</code>. The machine-readable description is the OpenAPI 3.1 document at{" "}
          <a href={`${basePath}/openapi.json`}>
            <code>{basePath}/openapi.json</code>
          </a>
          .
        </li>
        <li>
          No key is needed. Each client may make {rateLimit} calls a minute; past that the answer is <code>429</code> with a{" "}
          <code>Retry-After</code> header.
        </li>
        <li>
          Answers carry an <code>ETag</code>: send it back in <code>If-None-Match</code> and an unchanged answer is a bodiless{" "}
          <code>304</code>. Pages of web apps on any site may call the API (CORS), without cookies.
        </li>
        <li>
          Unknown parameters and bad values are refused with <code>400</code>, naming each parameter. Errors are{" "}
          <a href="#problems">problem details</a> (<code>application/problem+json</code>).
        </li>
        <li>
          Dates are ISO 8601. Download links are given as the site’s own download pages (<code>/middleman</code>), never as the file host’s
          address.
        </li>
      </ul>

      {view.operations.map((op) => (
        <section key={op.id} aria-labelledby={op.id}>
          <h2 id={op.id} className="scroll-mt-24">
            {op.summary}
          </h2>
          <p>
            <code className="rounded bg-ink-700 px-2 py-1 text-white">
              {op.method} {basePath}
              {op.path}
            </code>
          </p>
          {op.scope && (
            <p>
              Needs an API token with the <code>{op.scope}</code> scope, sent as <code>Authorization: Bearer …</code>.
            </p>
          )}
          <p>
            <Prose text={op.description} />
          </p>
          <h3>Parameters</h3>
          {op.parameters.length ? (
            <Table label={`Parameters of ${op.summary}`} head={["Name", "Type", "Description"]}>
              <FieldRows rows={op.parameters} mark="required" />
            </Table>
          ) : (
            <p>None.</p>
          )}
          {op.body && (
            <>
              <h3>Body</h3>
              <p>
                JSON: <Type type={op.body} />
              </p>
            </>
          )}
          <h3>Responses</h3>
          <Table label={`Responses of ${op.summary}`} head={["Status", "Body", "Meaning"]}>
            {op.responses.map((r) => (
              <tr key={r.status}>
                <td className={cell}>
                  <code className="text-white">{r.status}</code>
                </td>
                <td className={cell}>{r.type ? <Type type={r.type} /> : "none"}</td>
                <td className={`${cell} text-mist-300`}>
                  <Prose text={r.description} />
                </td>
              </tr>
            ))}
          </Table>
          <h3>Example</h3>
          <CodeBlock label={`Example request: ${op.summary}`}>{op.curl}</CodeBlock>
        </section>
      ))}

      <h2 id="schemas">Schemas</h2>
      <p>
        The bodies of the answers. Every field is always present (null where its type allows) unless marked optional. Fields may be added in
        later versions; none is removed or renamed within v1.
      </p>
      {view.schemas.map((schema) => (
        <section key={schema.name} aria-labelledby={schemaAnchor(schema.name)}>
          <h3 id={schemaAnchor(schema.name)} className="scroll-mt-24">
            {schema.name}
          </h3>
          {schema.description && (
            <p>
              <Prose text={schema.description} />
            </p>
          )}
          <Table label={`Fields of ${schema.name}`} head={["Field", "Type", "Description"]}>
            <FieldRows rows={schema.fields} mark="optional" />
          </Table>
        </section>
      ))}

      <h2 id="problems">Errors</h2>
      <p>
        Every error is a JSON object with <code>type</code>, <code>title</code>, <code>status</code> and <code>detail</code> (RFC 9457);{" "}
        <code>type</code> is the address of one of the entries below.
      </p>
      <dl>
        {view.problems.map((p) => (
          <div key={p.kind} id={`problem-${p.kind}`} className="scroll-mt-24">
            <dt className="font-semibold text-white">
              {p.status} {p.title}
            </dt>
            <dd className="text-mist-300">
              <Prose text={p.description} />
            </dd>
          </div>
        ))}
      </dl>
      <CodeBlock label="Example error">
        {JSON.stringify(
          {
            type: exampleProblemType,
            title: "Invalid parameter",
            status: 400,
            detail: "type must be movie or tv",
            invalidParams: [{ name: "type", in: "query", reason: "type must be movie or tv" }],
          },
          null,
          2,
        )}
      </CodeBlock>
    </StaticPage>
  );
}
