import { useState } from "react";
import { Field, inputClass } from "#app/components/forms/field.tsx";
import { FILE_FORMATS, SUBTITLE_LANGUAGES } from "#app/constants.ts";
import { Link } from "react-router";
import { adminEditPath, type EditorValues } from "#app/modules/catalogue/admin-form.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useEditor, type SetValues } from "./context.tsx";
import { TmdbLookup } from "./tmdb-lookup.tsx";
import { TmdbSearch } from "./tmdb-search.tsx";
import { TokenInput } from "./token-input.tsx";

/** An ISO timestamp as a datetime-local value in the browser's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function fromLocalInput(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : "";
}

/** Title, TMDB id, credits, dates, numbers, texts, subtitles, format and upload date. */
export function BasicFields({ values, setValues }: { values: EditorValues; setValues: SetValues }) {
  const { errors, duplicateOf, tmdbMode = "fill", genreNames } = useEditor();
  const hydrated = useHydrated();
  const set = <K extends keyof EditorValues>(name: K, value: EditorValues[K]) => setValues((v) => ({ ...v, [name]: value }));
  // Languages beyond the usual six (e.g. from an import) stay listed while the form is open.
  const [subtitleOptions] = useState(() => [...new Set([...SUBTITLE_LANGUAGES, ...values.subtitles])]);
  const formats = FILE_FORMATS.includes(values.fileFormat as (typeof FILE_FORMATS)[number])
    ? FILE_FORMATS
    : [...FILE_FORMATS, values.fileFormat];
  const typeWord = values.type === "movie" ? "movie" : "TV show";

  const text = (name: "language" | "tagline", label: string, hint?: string, placeholder?: string, className?: string) => (
    <Field label={label} hint={hint} errors={errors[name]} className={className}>
      {(props) => (
        <input
          {...props}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
          placeholder={placeholder}
          className={inputClass("compact")}
        />
      )}
    </Field>
  );

  const tokens = (name: "genres" | "directors" | "actors", label: string, noun: string, suggestions?: readonly string[]) => (
    <TokenInput
      label={label}
      noun={noun}
      value={values[name]}
      onChange={(value) => set(name, value)}
      hint="Enter or a comma adds one; Backspace removes the last."
      errors={errors[name]}
      suggestions={suggestions}
    />
  );

  return (
    <div className="grid gap-5 md:grid-cols-2">
      {tmdbMode === "fill" && (
        <div className="md:col-span-2">
          <TmdbSearch type={values.type} disabled={values.noTmdb} />
        </div>
      )}
      <Field label="Title" errors={errors.title} className="md:col-span-2">
        {(props) => (
          <input
            {...props}
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
            aria-required="true"
            className={inputClass("compact")}
          />
        )}
      </Field>
      <div className="md:col-span-2">
        <Field
          label="TMDB ID"
          errors={errors.tmdbId}
          hint={`Required, unless the ${typeWord} has no TMDB entry: then tick the box below. The fetch also takes an IMDb id (tt…) or a TMDB address.`}
        >
          {(props) => (
            <div className="flex flex-wrap gap-2">
              <input
                {...props}
                value={values.tmdbId}
                // A typed id is no longer the fetched title: its IMDb id goes with it.
                onChange={(e) => setValues((v) => ({ ...v, tmdbId: e.target.value, imdbId: "" }))}
                placeholder="Enter TMDB ID"
                inputMode="numeric"
                autoComplete="off"
                disabled={values.noTmdb}
                aria-required={!values.noTmdb}
                className={`${inputClass("compact")} min-w-0 max-w-xs`}
              />
              <TmdbLookup values={values} setValues={setValues} disabled={values.noTmdb} />
            </div>
          )}
        </Field>
        {duplicateOf && errors.tmdbId && (
          <p className="mt-1.5 text-sm">
            <Link to={adminEditPath(duplicateOf)} className="font-semibold text-accent-300 underline underline-offset-2">
              Open the existing one<span className="sr-only">: {duplicateOf.title}</span>
            </Link>
          </p>
        )}
        <label className="mt-2 flex items-center gap-2 text-sm text-mist-100">
          <input
            type="checkbox"
            checked={values.noTmdb}
            onChange={(e) => set("noTmdb", e.target.checked)}
            className="h-4 w-4 accent-accent-500"
          />
          This {typeWord} has no TMDB entry (save without a TMDB ID)
        </label>
      </div>
      {tokens("genres", "Genres", "genre", genreNames)}
      {text("language", "Language", undefined, "e.g. English")}
      {tokens("directors", "Directors", "director")}
      {tokens("actors", "Actors", "actor")}
      <Field label="Release date" errors={errors.releaseDate}>
        {(props) => (
          <input
            {...props}
            type="date"
            value={values.releaseDate}
            onChange={(e) => set("releaseDate", e.target.value)}
            className={inputClass("compact")}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Rating" hint="0 to 10" errors={errors.rating}>
          {(props) => (
            <input
              {...props}
              type="number"
              min={0}
              max={10}
              step={0.1}
              inputMode="decimal"
              value={values.rating}
              onChange={(e) => set("rating", e.target.value)}
              className={inputClass("compact")}
            />
          )}
        </Field>
        <Field label="Runtime" hint="Minutes" errors={errors.runtime}>
          {(props) => (
            <input
              {...props}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.runtime}
              onChange={(e) => set("runtime", e.target.value)}
              className={inputClass("compact")}
            />
          )}
        </Field>
      </div>
      <Field label="Overview" errors={errors.overview} className="md:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={values.overview}
            onChange={(e) => set("overview", e.target.value)}
            className={inputClass("compact")}
          />
        )}
      </Field>
      {text("tagline", "Tagline", undefined, undefined, "md:col-span-2")}
      <Field label="Storyline" errors={errors.storyline} className="md:col-span-2">
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={values.storyline}
            onChange={(e) => set("storyline", e.target.value)}
            className={inputClass("compact")}
          />
        )}
      </Field>
      <fieldset className="md:col-span-2">
        <legend className="mb-2 text-sm font-medium text-mist-100">Subtitles</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {subtitleOptions.map((language) => (
            <label key={language} className="flex items-center gap-2 text-sm text-mist-100">
              <input
                type="checkbox"
                checked={values.subtitles.includes(language)}
                onChange={(e) =>
                  set(
                    "subtitles",
                    e.target.checked
                      ? subtitleOptions.filter((l) => l === language || values.subtitles.includes(l))
                      : values.subtitles.filter((l) => l !== language),
                  )
                }
                className="h-4 w-4 accent-accent-500"
              />
              {language}
            </label>
          ))}
        </div>
        {errors.subtitles && <p className="mt-1.5 text-sm text-red-300">{errors.subtitles[0]}</p>}
      </fieldset>
      <Field label="Format" errors={errors.fileFormat}>
        {(props) => (
          <select
            {...props}
            value={values.fileFormat}
            onChange={(e) => set("fileFormat", e.target.value)}
            className={inputClass("compact")}
          >
            {formats.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Upload date" hint="Your local time. Newest uploads come first on the home page." errors={errors.uploadedAt}>
        {(props) => (
          <input
            {...props}
            type="datetime-local"
            value={hydrated ? toLocalInput(values.uploadedAt) : ""}
            onChange={(e) => set("uploadedAt", fromLocalInput(e.target.value))}
            className={inputClass("compact")}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-mist-100 md:col-span-2">
        <input
          type="checkbox"
          checked={values.adult}
          onChange={(e) => set("adult", e.target.checked)}
          className="h-4 w-4 accent-accent-500"
        />
        Adult content (shown with certification A)
      </label>
    </div>
  );
}
