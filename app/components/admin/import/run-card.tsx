import { useEffect } from "react";
import { Form, href, Link, useRevalidator } from "react-router";
import { Card, buttonClass } from "#app/components/admin/ui.tsx";
import type { ImportRun } from "#app/modules/catalogue/import.server.ts";
import { formatCount, plural } from "#app/utils/format.ts";

/** A run as its page shows it: with whether it can be applied now and whether its process stopped. */
type ImportRunView = ImportRun & { canApply: boolean; stalled: boolean };
type Run = ImportRunView;

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase";
const td = "px-3 py-2 text-left text-mist-100";
const num = "px-3 py-2 text-right tabular-nums text-mist-100";

function Counts({ run }: { run: Run }) {
  const { titles, links } = run.plan.counts;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">What applying this file does</caption>
      <thead>
        <tr className="border-b border-white/8">
          <th scope="col" className={th}>
            <span className="sr-only">Kind</span>
          </th>
          <th scope="col" className={`${th} text-right`}>
            To add
          </th>
          <th scope="col" className={`${th} text-right`}>
            To update
          </th>
          <th scope="col" className={`${th} text-right`}>
            Unchanged
          </th>
          <th scope="col" className={`${th} text-right`}>
            To remove
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/8">
        <tr>
          <th scope="row" className={td}>
            Titles
          </th>
          <td className={num}>{formatCount(titles.create)}</td>
          <td className={num}>{formatCount(titles.update)}</td>
          <td className={num}>{formatCount(titles.skip)}</td>
          <td className={num}>—</td>
        </tr>
        <tr>
          <th scope="row" className={td}>
            Links
          </th>
          <td className={num}>{formatCount(links.create)}</td>
          <td className={num}>{formatCount(links.update)}</td>
          <td className={num}>{formatCount(links.skip)}</td>
          <td className={num}>{formatCount(links.remove)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Errors({ run }: { run: Run }) {
  const { errors, moreErrors } = run.plan;
  return (
    <div role="alert" className="space-y-3">
      <p className="text-sm text-red-200">
        {plural(errors.length + moreErrors, "problem")} found. Nothing can be applied until the file is fixed and checked again.
      </p>
      <div className="max-h-[28rem] overflow-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Problems in the file</caption>
          <thead>
            <tr className="border-b border-white/8">
              <th scope="col" className={th}>
                Line
              </th>
              <th scope="col" className={th}>
                Field
              </th>
              <th scope="col" className={th}>
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/8">
            {errors.map((e, i) => (
              <tr key={i}>
                <td className={`${td} tabular-nums`}>{e.line ?? "—"}</td>
                <td className={`${td} font-mono text-xs`}>{e.field}</td>
                <td className={td}>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {moreErrors > 0 && <p className="text-sm text-mist-300">… and {plural(moreErrors, "more problem")}.</p>}
    </div>
  );
}

function Progress({ run }: { run: Run }) {
  const percent = run.total ? Math.floor((run.done / run.total) * 100) : 100;
  return (
    <div className="space-y-2">
      <div className="flex justify-between text-sm text-mist-200">
        <span id="import-progress-label">
          {run.status === "done" ? "Applied" : "Applied so far"}: {formatCount(run.done)} of {plural(run.total, "title")}
        </span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <progress
        aria-labelledby="import-progress-label"
        max={run.total}
        value={run.done}
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-accent-500 [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:bg-accent-500"
      />
      <p className="text-sm text-mist-300">
        {formatCount(run.created)} added, {formatCount(run.updated)} updated, {formatCount(run.skipped)} unchanged.
      </p>
    </div>
  );
}

/** While a run is applying, the page reloads its data every second and a half (it keeps working on a slow machine: each poll is one small read). */
function usePollWhileApplying(applying: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!applying) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [applying, revalidator]);
}

export function RunCard({ run }: { run: Run }) {
  const applying = run.status === "applying" && !run.stalled;
  usePollWhileApplying(applying);
  const hasErrors = run.plan.errors.length > 0 || run.plan.moreErrors > 0;
  return (
    <Card title={`${run.sourceName} (${run.format.toUpperCase()})`} className="mb-6">
      <div className="space-y-5">
        <p role="status" className="text-sm text-mist-200">
          {run.status === "planned" &&
            !hasErrors &&
            run.total > 0 &&
            "Dry run: nothing has been written yet. Apply to import these titles."}
          {run.status === "planned" && !hasErrors && run.total === 0 && "The file holds no titles."}
          {run.status === "planned" && hasErrors && "Dry run finished with problems."}
          {applying && "Applying… this page updates by itself."}
          {run.stalled && "This import stopped before it finished (its process ended). Resume continues where it stopped."}
          {run.status === "failed" && `This import stopped: ${run.error ?? "unknown error"}. Resume continues where it stopped.`}
          {run.status === "done" && "Import finished."}
        </p>
        <Counts run={run} />
        {!!run.plan.newGenres?.length && (
          <p className="text-sm text-mist-200">
            {plural(run.plan.newGenres.length, "new genre")} to add to the genre list: {run.plan.newGenres.join(", ")}
          </p>
        )}
        {!!run.plan.duplicates?.length && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-mist-200" aria-label="Possible duplicates">
            {run.plan.duplicates.map((d, i) => (
              <li key={i}>
                Line {d.line}: {d.message}
              </li>
            ))}
          </ul>
        )}
        {hasErrors && <Errors run={run} />}
        {run.status !== "planned" && <Progress run={run} />}
        {run.canApply && (
          <Form method="post" action={href("/dashboard/import/:id/apply", { id: String(run.id) })}>
            <button type="submit" className={buttonClass()}>
              {run.status === "planned" ? `Apply: import ${plural(run.total, "title")}` : "Resume import"}
            </button>
          </Form>
        )}
        {applying && (
          <noscript>
            <Link to={`${href("/dashboard/import")}?run=${run.id}`} className={buttonClass("secondary", "sm")}>
              Refresh progress
            </Link>
          </noscript>
        )}
      </div>
    </Card>
  );
}
