import type { OperationView, ReferenceView } from "#app/modules/api/reference.ts";
import { cell, CodeBlock, FieldRows, Prose, schemaAnchor, Table, Type } from "./reference-parts.tsx";

/** One operation: its address, scope, parameters, body, responses and a curl example. */
export function OperationSection({ op, basePath }: { op: OperationView; basePath: string }) {
  return (
    <section aria-labelledby={op.id}>
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
  );
}

/** The answers' bodies, one table of fields each. */
export function SchemasSection({ schemas }: { schemas: ReferenceView["schemas"] }) {
  return (
    <>
      <h2 id="schemas">Schemas</h2>
      <p>
        The bodies of the answers. Every field is always present (null where its type allows) unless marked optional. Fields may be added in
        later versions; none is removed or renamed within v1.
      </p>
      {schemas.map((schema) => (
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
    </>
  );
}

/** The problem types an error's `type` points at, and an example error. */
export function ProblemsSection({ problems, exampleProblemType }: { problems: ReferenceView["problems"]; exampleProblemType: string }) {
  return (
    <>
      <h2 id="problems">Errors</h2>
      <p>
        Every error is a JSON object with <code>type</code>, <code>title</code>, <code>status</code> and <code>detail</code> (RFC 9457);{" "}
        <code>type</code> is the address of one of the entries below.
      </p>
      <dl>
        {problems.map((p) => (
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
    </>
  );
}
