import type { ReactNode } from "react";
import type { FieldRow, TypeLabel } from "#app/modules/api/reference.ts";

export const schemaAnchor = (name: string) => `schema-${name}`;

/** A description from the document: `backticks` mark code, as in CommonMark. */
export function Prose({ text }: { text: string }) {
  return text.split("`").map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

export function Type({ type }: { type: TypeLabel }) {
  if (!type.ref) return <code>{type.text}</code>;
  return (
    <code>
      {type.text.replace(type.ref, "")}
      <a href={`#${schemaAnchor(type.ref)}`}>{type.ref}</a>
    </code>
  );
}

/** A table that scrolls sideways on narrow screens; keyboard users can scroll it too. */
export function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
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

export const cell = "px-3 py-2";

/** Parameters are marked when required; response fields, which are always present, when they may be missing. */
export function FieldRows({ rows, mark }: { rows: (FieldRow & { in?: string })[]; mark: "required" | "optional" }) {
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

export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg bg-ink-800 ring-1 ring-white/10">
      <pre className="p-4 text-sm">
        <code>{children}</code>
      </pre>
    </div>
  );
}
