import { Prose } from "#app/components/api/reference-parts.tsx";
import { OperationSection, ProblemsSection, SchemasSection } from "#app/components/api/reference-sections.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { getApp } from "#app/context.ts";
import { openApiDocument, problemType } from "#app/modules/api/openapi.ts";
import { API_BASE_PATH, OPERATIONS } from "#app/modules/api/operations.ts";
import { API_RATE_RULE } from "#app/modules/api/rate-limit.server.ts";
import { referenceView } from "#app/modules/api/reference.ts";
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
        <OperationSection key={op.id} op={op} basePath={basePath} />
      ))}

      <SchemasSection schemas={view.schemas} />

      <ProblemsSection problems={view.problems} exampleProblemType={exampleProblemType} />
    </StaticPage>
  );
}
