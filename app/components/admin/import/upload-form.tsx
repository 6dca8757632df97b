import { Form, href, useActionData, useNavigation } from "react-router";
import { Card, buttonClass } from "#app/components/admin/ui.tsx";
import { Field, FormState, SelectField } from "#app/components/forms/field.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { IMPORT_UPLOAD_LIMIT } from "#app/constants.ts";
import { MAX_ID_LINES } from "#app/modules/catalogue/import-constants.ts";
import { formatCount } from "#app/utils/format.ts";
import type { FormResult } from "#app/utils/submission.ts";

/** The upload limit in MB, as the form's hint and the action's refusal say it. */
export const IMPORT_LIMIT_MB = IMPORT_UPLOAD_LIMIT / (1024 * 1024);

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

export function UploadForm() {
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
            hint={`CSV, JSON or a list of ids, up to ${IMPORT_LIMIT_MB} MB (an id list up to ${formatCount(MAX_ID_LINES)} ids). The format is described in docs/import-format.md.`}
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
