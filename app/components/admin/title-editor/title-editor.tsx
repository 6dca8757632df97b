import { useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from "react";
import type { EditorErrors, EditorValues } from "#app/modules/catalogue/admin-form.ts";
import { BasicFields } from "./basic-fields.tsx";
import { EditorContext, type EditorContextValue, type SetValues } from "./context.tsx";
import { DownloadsEditor } from "./downloads-editor.tsx";
import { MediaFields, ScreenshotsEditor } from "./media-fields.tsx";

export type EditorTab = "basic" | "media" | "downloads";
const TABS: { id: EditorTab; label: string }[] = [
  { id: "basic", label: "Basic Info" },
  { id: "media", label: "Media" },
  { id: "downloads", label: "Download Links" },
];

const MEDIA_FIELDS = new Set(["posterUrl", "backgroundUrl", "trailerUrl"]);

/** The tab that shows the field a message is about. */
export function tabOfField(key: string, values: EditorValues): EditorTab {
  const head = key.split(".")[0] ?? "";
  if (MEDIA_FIELDS.has(head) || values.screenshots.some((s) => s.key === head)) return "media";
  const inDownloads = values.groups.some(
    (g) =>
      g.key === head ||
      g.zipLinks.some((z) => z.key === head) ||
      g.files.some((f) => f.key === head || f.links.some((l) => l.key === head)),
  );
  return inDownloads ? "downloads" : "basic";
}

/** The first tab (in order) with a message, if any. */
export function firstTabWithErrors(errors: EditorErrors, values: EditorValues): EditorTab | null {
  const tabs = new Set(Object.keys(errors).map((k) => tabOfField(k, values)));
  return TABS.find((t) => tabs.has(t.id))?.id ?? null;
}

interface Props extends Omit<EditorContextValue, "errors"> {
  values: EditorValues;
  setValues: SetValues;
  errors: EditorErrors;
}

/** One context value per change of what it holds, so typing does not re-render every row. */
function useContextValue({ errors, removeSaved, removing, toasterId, tmdbMode, duplicateOf, genreNames }: Props): EditorContextValue {
  return useMemo(
    () => ({ errors, removeSaved, removing, toasterId, tmdbMode, duplicateOf, genreNames }),
    [errors, removeSaved, removing, toasterId, tmdbMode, duplicateOf, genreNames],
  );
}

/** Messages that belong to no field. */
function FormMessages({ errors }: { errors: EditorErrors }) {
  const messages = errors.form ?? [];
  if (messages.length === 0) return null;
  return (
    <div className="mb-5 rounded-lg bg-red-500/10 px-4 py-3 text-sm text-red-200" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** The Add screen's layout: tabs Basic Info, Media, Download Links (a WAI-ARIA tablist). */
export function TabbedTitleEditor({ tab, onTabChange, ...props }: Props & { tab: EditorTab; onTabChange: (tab: EditorTab) => void }) {
  const { values, setValues, errors } = props;
  const context = useContextValue(props);
  const id = useId();
  const tabRefs = useRef<Record<EditorTab, HTMLButtonElement | null>>({ basic: null, media: null, downloads: null });
  const withErrors = new Set(Object.keys(errors).map((k) => tabOfField(k, values)));

  const onKeyDown = (event: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === "ArrowRight"
        ? (i + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (i - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next]!.id;
    onTabChange(target);
    tabRefs.current[target]?.focus();
  };

  const panel = (which: EditorTab, children: ReactNode) => (
    <div role="tabpanel" id={`${id}-${which}-panel`} aria-labelledby={`${id}-${which}-tab`} hidden={tab !== which}>
      {children}
    </div>
  );

  return (
    <EditorContext.Provider value={context}>
      <FormMessages errors={errors} />
      <div
        role="tablist"
        aria-label="Sections"
        className="mb-6 flex overflow-x-auto border-b border-white/8 sm:gap-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${t.id}-tab`}
            aria-controls={`${id}-${t.id}-panel`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => onTabChange(t.id)}
            className={`-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-2.5 py-2.5 text-[13px] font-semibold sm:gap-2 sm:px-4 sm:text-sm transition-colors ${
              tab === t.id ? "border-accent-400 text-accent-300" : "border-transparent text-mist-300 hover:text-white"
            }`}
          >
            {t.label}
            {withErrors.has(t.id) && (
              <span className="h-2 w-2 rounded-full bg-red-400" title="Has fields that need attention">
                <span className="sr-only"> (needs attention)</span>
              </span>
            )}
          </button>
        ))}
      </div>
      {panel("basic", <BasicFields values={values} setValues={setValues} />)}
      {panel(
        "media",
        <>
          <MediaFields values={values} setValues={setValues} />
          <h2 className="mt-8 mb-3 text-base font-semibold text-white">Screenshots</h2>
          <ScreenshotsEditor values={values} setValues={setValues} />
        </>,
      )}
      {panel("downloads", <DownloadsEditor values={values} setValues={setValues} />)}
    </EditorContext.Provider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-b border-white/8 pb-8 last:border-b-0 last:pb-0">
      <h3 id={id} className="mb-4 text-base font-semibold text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The Edit modal's layout: the spec's four sections one after another. */
export function SectionedTitleEditor(props: Props) {
  const { values, setValues, errors } = props;
  const context = useContextValue(props);
  return (
    <EditorContext.Provider value={context}>
      <FormMessages errors={errors} />
      <div className="space-y-8">
        <Section title="Basic Information">
          <BasicFields values={values} setValues={setValues} />
        </Section>
        <Section title="Media Details">
          <MediaFields values={values} setValues={setValues} />
        </Section>
        <Section title="Screenshots">
          <ScreenshotsEditor values={values} setValues={setValues} />
        </Section>
        <Section title={values.type === "movie" ? "Content Quality and Links" : "Seasons and Episodes"}>
          <DownloadsEditor values={values} setValues={setValues} />
        </Section>
      </div>
    </EditorContext.Provider>
  );
}
