import { useEffect } from "react";
import { Form, href, Link, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import { z } from "#app/utils/zod.ts";
import { Card, EmptyState, PageHeader, buttonClass } from "#app/components/admin/ui.tsx";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Field, FormState, SelectField } from "#app/components/forms/field.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { IMPORT_UPLOAD_LIMIT } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { DUPLICATES_AS, IMPORT_FORMATS, MAX_ID_LINES } from "#app/modules/catalogue/import-constants.ts";
import { decodeUpload, detectFormat } from "#app/modules/catalogue/import-format.server.ts";
import { canApply, createImportRun, getImportRun, isStalled, listImportRuns, prepareImport } from "#app/modules/catalogue/import.server.ts";
import { actorFrom } from "#app/modules/auth/guard.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { formatCount, plural } from "#app/utils/format.ts";
import { parseId } from "#app/utils/ids.ts";
import { failure, failureFrom, readUpload } from "#app/utils/submission.server.ts";
import type { FormResult } from "#app/utils/submission.ts";
import type { Route } from "./+types/import";

const LIMIT_MB = IMPORT_UPLOAD_LIMIT / (1024 * 1024);
export const CHOOSE_FILE = "Choose a file to import.";
const FILE_TOO_LARGE = `The file is larger than ${LIMIT_MB} MB. Split it, or import it with npm run catalogue:import.`;

export function meta() {
  return [{ title: "Import | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The recent imports, and the one named by ?run= with its dry run and progress. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const runId = parseId(new URL(request.url).searchParams.get("run"));
  const run = runId === null ? null : await getImportRun(db, runId);
  const now = Date.now();
  return {
    run: run && { ...run, canApply: canApply(run, now), stalled: isStalled(run, now) },
    recent: await listImportRuns(db),
    now,
  };
}

const uploadSchema = z.object({
  format: z.enum(["auto", ...IMPORT_FORMATS]).catch("auto"),
  duplicates: z.enum(["ask", ...DUPLICATES_AS]).catch("ask"),
});

/** Upload → dry run, stored as an import run → its page (?run=). Nothing is written to the catalogue here. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  try {
    const upload = await readUpload(request, "file", { maxBytes: IMPORT_UPLOAD_LIMIT, decode: decodeUpload }).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 413
        ? new AppError(413, FILE_TOO_LARGE, { fields: { file: [FILE_TOO_LARGE] } })
        : error;
    });
    const { format: asked, duplicates } = uploadSchema.parse(upload.values);
    if (!upload.file) return failure(400, CHOOSE_FILE, { fields: { file: [CHOOSE_FILE] }, values: { format: asked } });
    const format = detectFormat(upload.file.text, upload.file.name, asked === "auto" ? null : asked);
    const prepared = await prepareImport(app.db, upload.file.text, {
      format,
      tmdb: app.tmdb,
      duplicates: duplicates === "ask" ? null : duplicates,
    });
    const run = await createImportRun(app.db, actorFrom(context), { name: upload.file.name, format }, prepared);
    return redirect(`${href("/dashboard/import")}?run=${run.id}`);
  } catch (error) {
    return failureFrom(error);
  }
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase";
const td = "px-3 py-2 text-left text-mist-100";
const num = "px-3 py-2 text-right tabular-nums text-mist-100";

const FORMAT_OPTIONS = [
  { value: "auto", label: "From the file name (.csv, .json, .txt)" },
  { value: "csv", label: "CSV: one row per link" },
  { value: "json", label: "JSON: a Cinedex export" },
  { value: "ids", label: "List of TMDB or IMDb ids" },
];

const DUPLICATES_OPTIONS = [
  { value: "ask", label: "List it as a problem to resolve" },
  { value: "update", label: "Is the same title: update it" },
  { value: "add", label: "Is a different title: add it" },
];

const STATUS_LABELS = { planned: "Checked, not applied", applying: "Applying", done: "Applied", failed: "Stopped" } as const;

type Run = NonNullable<Route.ComponentProps["loaderData"]["run"]>;

function UploadForm() {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  useResultToast(result);
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction === href("/dashboard/import");
  const fileErrors = result && !result.ok ? result.fields.file : undefined;
  return (
    <Card title="Check a file">
      <FormState result={result} density="compact">
        <Form method="post" encType="multipart/form-data" className="space-y-4" aria-busy={busy || undefined}>
          <FormMessage result={result} />
          <Field
            label="Catalogue file"
            required
            errors={fileErrors}
            hint={`CSV, JSON or a list of ids, up to ${LIMIT_MB} MB (an id list up to ${formatCount(MAX_ID_LINES)} ids). The format is described in docs/import-format.md.`}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                name="file"
                required
                accept=".csv,.json,.txt,text/csv,application/json,text/plain"
                className="block w-full text-sm text-mist-200 file:mr-3 file:rounded-lg file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-white/15"
              />
            )}
          </Field>
          <SelectField name="format" label="Format" defaultValue="auto" options={FORMAT_OPTIONS} />
          <SelectField
            name="duplicates"
            label="Same-named titles without ids"
            hint="A title in the file with the name of a catalogue title, and no TMDB or IMDb id on either to tell them apart."
            defaultValue="ask"
            options={DUPLICATES_OPTIONS}
          />
          <button type="submit" className={buttonClass()} disabled={busy}>
            {busy ? "Checking…" : "Check file (dry run)"}
          </button>
        </Form>
      </FormState>
    </Card>
  );
}

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

function RunCard({ run }: { run: Run }) {
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

export default function Import({ loaderData }: Route.ComponentProps) {
  const { run, recent, now } = loaderData;
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Import"
        subtitle="Bring titles in from a CSV or JSON file or a list of TMDB / IMDb ids. Every file is checked first (a dry run); nothing changes until you apply it."
        actions={
          <a href={href("/dashboard/export")} className={buttonClass("secondary")} download>
            Export catalogue (JSON)
          </a>
        }
      />
      {run && <RunCard run={run} />}
      <UploadForm />
      <Card title="Recent imports" className="mt-6">
        {recent.length === 0 ? (
          <EmptyState>No imports yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-white/8">
            {recent.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={`${href("/dashboard/import")}?run=${r.id}`} className="font-medium text-white hover:text-accent-300">
                  {r.sourceName}
                </Link>
                <span className="text-mist-300">
                  {STATUS_LABELS[r.status]} · {r.actor} · <RelativeTime at={r.createdAt} now={now} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
