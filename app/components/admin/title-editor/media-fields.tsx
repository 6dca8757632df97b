import { Button } from "#app/components/admin/ui.tsx";
import { Field, inputClass } from "#app/components/forms/field.tsx";
import { PlusIcon } from "#app/components/ui/icons.tsx";
import { emptyScreenshot, type EditorValues } from "#app/modules/catalogue/admin-form.ts";
import { useEditor, useRemoveRow, type SetValues } from "./context.tsx";
import { RemoveButton, RowInput } from "./controls.tsx";

const URL_HINT = "An http:// or https:// address";

/** A small preview of an image address, once it looks like one. */
function Preview({ url, alt, wide = false }: { url: string; alt: string; wide?: boolean }) {
  const shown = /^https?:\/\/\S+$/i.test(url.trim());
  return (
    <div
      className={`shrink-0 overflow-hidden rounded-lg bg-ink-800 ring-1 ring-white/8 ${wide ? "aspect-video w-28" : "aspect-[2/3] w-16"}`}
    >
      {shown && <img src={url.trim()} alt={alt} className="h-full w-full object-cover text-[0px]" />}
    </div>
  );
}

/** Poster, background and trailer addresses. */
export function MediaFields({ values, setValues }: { values: EditorValues; setValues: SetValues }) {
  const { errors } = useEditor();
  const set = (name: "posterUrl" | "backgroundUrl" | "trailerUrl", value: string) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-4">
        <Field label="Poster URL" hint={URL_HINT} errors={errors.posterUrl} className="flex-1">
          {(props) => (
            <input
              {...props}
              type="url"
              value={values.posterUrl}
              onChange={(e) => set("posterUrl", e.target.value)}
              placeholder="https://"
              className={inputClass("compact")}
            />
          )}
        </Field>
        <Preview url={values.posterUrl} alt="Poster preview" />
      </div>
      <div className="flex items-start gap-4">
        <Field label="Background URL" hint={URL_HINT} errors={errors.backgroundUrl} className="flex-1">
          {(props) => (
            <input
              {...props}
              type="url"
              value={values.backgroundUrl}
              onChange={(e) => set("backgroundUrl", e.target.value)}
              placeholder="https://"
              className={inputClass("compact")}
            />
          )}
        </Field>
        <Preview url={values.backgroundUrl} alt="Background preview" wide />
      </div>
      <Field label="Trailer URL" hint={URL_HINT} errors={errors.trailerUrl}>
        {(props) => (
          <input
            {...props}
            type="url"
            value={values.trailerUrl}
            onChange={(e) => set("trailerUrl", e.target.value)}
            placeholder="https://"
            className={inputClass("compact")}
          />
        )}
      </Field>
    </div>
  );
}

/** Screenshot addresses: blank ones are dropped when saving. */
export function ScreenshotsEditor({ values, setValues }: { values: EditorValues; setValues: SetValues }) {
  const remove = useRemoveRow();
  const update = (key: string, url: string) =>
    setValues((v) => ({ ...v, screenshots: v.screenshots.map((s) => (s.key === key ? { ...s, url } : s)) }));
  const drop = (key: string) => setValues((v) => ({ ...v, screenshots: v.screenshots.filter((s) => s.key !== key) }));
  return (
    <div>
      {values.screenshots.length === 0 ? (
        <p className="text-sm text-mist-400">No screenshots yet.</p>
      ) : (
        <ol className="space-y-3">
          {values.screenshots.map((shot, i) => (
            <li key={shot.key} className="flex items-end gap-3">
              <Preview url={shot.url} alt={`Screenshot ${i + 1} preview`} wide />
              <RowInput
                label={`Screenshot ${i + 1} URL`}
                field={`${shot.key}.url`}
                type="url"
                value={shot.url}
                onChange={(e) => update(shot.key, e.target.value)}
                placeholder="https://"
                className="flex-1"
              />
              <RemoveButton label={`Remove screenshot ${i + 1}`} onClick={() => remove("screenshot", shot.id, () => drop(shot.key))} />
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="mt-4"
        onClick={() => {
          const row = emptyScreenshot();
          setValues((v) => ({ ...v, screenshots: [...v.screenshots, row] }));
        }}
      >
        <PlusIcon size={16} /> Add screenshot
      </Button>
    </div>
  );
}
