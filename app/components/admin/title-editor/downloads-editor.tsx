import { memo, useId, useState } from "react";
import { Button } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { PlusIcon } from "#app/components/ui/icons.tsx";
import { ADMIN_QUALITY_OPTIONS } from "#app/constants.ts";
import {
  emptyFile,
  emptyGroup,
  emptyLink,
  emptyZip,
  linksFromPaste,
  type EditorValues,
  type FileRow,
  type GroupRow,
  type LinkRow,
  type ZipRow,
} from "#app/modules/catalogue/admin-form.ts";
import { useRemoveRow, type SetValues } from "./context.tsx";
import { GroupMessages, RemoveButton, RowControl, RowInput, StatusSelect, useRowMessages } from "./controls.tsx";

type Update<T> = (change: (row: T) => T) => void;

/**
 * The download tree: quality groups (movies) or season groups (TV), each with its
 * download options or episodes and their URL rows, and for TV the season's zip
 * links. The first URL and zip row of a list stays (it is where one types), unless
 * it is saved and so can be deleted.
 */
export function DownloadsEditor({ values, setValues }: { values: EditorValues; setValues: SetValues }) {
  const tv = values.type === "tv";
  return (
    <div className="space-y-5">
      {values.groups.length === 0 && (
        <p className="rounded-xl border border-dashed border-white/12 px-4 py-6 text-center text-sm text-mist-300">
          No {tv ? "seasons" : "qualities"} yet.
        </p>
      )}
      {values.groups.map((group, i) => (
        <GroupEditor key={group.key} group={group} index={i} tv={tv} setValues={setValues} />
      ))}
      <Button
        variant="secondary"
        onClick={() => {
          const row = emptyGroup();
          setValues((v) => ({ ...v, groups: [...v.groups, row] }));
        }}
      >
        <PlusIcon size={16} /> {tv ? "Add season" : "Add quality"}
      </Button>
    </div>
  );
}

function QualitySelect({ value, onChange, field, label }: { value: string; onChange: (q: string) => void; field: string; label: string }) {
  const options: readonly string[] =
    ADMIN_QUALITY_OPTIONS.includes(value as (typeof ADMIN_QUALITY_OPTIONS)[number]) || !value
      ? ADMIN_QUALITY_OPTIONS
      : [...ADMIN_QUALITY_OPTIONS, value];
  return (
    <RowControl label={label} field={field}>
      {(aria) => (
        <select {...aria} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass("compact")} py-1.5`}>
          <option value="">Choose a quality</option>
          {options.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </select>
      )}
    </RowControl>
  );
}

// Memoised, with only stable props besides its own rows, so typing re-renders the group typed into, not every episode.
const GroupEditor = memo(function GroupEditor({
  group,
  index,
  tv,
  setValues,
}: {
  group: GroupRow;
  index: number;
  tv: boolean;
  setValues: SetValues;
}) {
  const remove = useRemoveRow();
  const update: Update<GroupRow> = (change) =>
    setValues((v) => ({ ...v, groups: v.groups.map((g) => (g.key === group.key ? change(g) : g)) }));
  const onRemove = () =>
    remove("release", group.id, () => setValues((v) => ({ ...v, groups: v.groups.filter((g) => g.key !== group.key) })));
  const messages = useRowMessages(group.key, ["id", "files", "zipLinks"]);
  const n = index + 1;
  const name = `${tv ? "Season group" : "Quality group"} ${n}`;
  const summary = [tv ? group.season.trim() : "", group.quality].filter(Boolean).join(" · ");
  const updateZip = (key: string, change: (z: ZipRow) => ZipRow) =>
    update((g) => ({ ...g, zipLinks: g.zipLinks.map((z) => (z.key === key ? change(z) : z)) }));
  const fileWord = tv ? "Episode" : "Download option";
  return (
    <fieldset className="min-w-0 rounded-xl border border-white/10 bg-white/[0.03] p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-white">
        {name}
        {summary && <span className="font-normal text-mist-300">: {summary}</span>}
      </legend>
      <GroupMessages messages={messages} />
      <div className="flex flex-wrap items-end gap-3">
        {tv && (
          <RowInput
            label="Season label"
            field={`${group.key}.season`}
            value={group.season}
            onChange={(e) => update((g) => ({ ...g, season: e.target.value }))}
            placeholder="e.g. Season 1"
            className="w-full sm:w-56"
          />
        )}
        <div className="w-full sm:w-48">
          <QualitySelect
            label="Quality"
            field={`${group.key}.quality`}
            value={group.quality}
            onChange={(quality) => update((g) => ({ ...g, quality }))}
          />
        </div>
        <div className="ml-auto">
          <RemoveButton label={`Remove ${name.toLowerCase()}`} text={tv ? "Remove season" : "Remove quality"} onClick={onRemove} />
        </div>
      </div>

      <h3 className="mt-5 mb-2 text-sm font-semibold text-mist-100">{tv ? "Episodes" : "Download options"}</h3>
      <div className="space-y-3">
        {group.files.map((file, i) => (
          <FileEditor key={file.key} file={file} name={`${fileWord} ${i + 1}`} groupKey={group.key} setValues={setValues} />
        ))}
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => {
          const row = emptyFile();
          update((g) => ({ ...g, files: [...g.files, row] }));
        }}
      >
        <PlusIcon size={16} /> {tv ? "Add episode" : "Add download option"}
      </Button>

      {tv && (
        <>
          <h3 className="mt-6 mb-1 text-sm font-semibold text-mist-100">Zip links</h3>
          <p className="mb-3 text-xs text-mist-400">Archives of the whole season.</p>
          <div className="space-y-3">
            {group.zipLinks.map((zip, i) => (
              <div
                key={zip.key}
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 rounded-lg bg-ink-950/40 p-3 sm:grid-cols-[8rem_minmax(0,1fr)_7rem_8.5rem_auto]"
              >
                <UrlRowFields
                  name={`Zip ${i + 1}`}
                  urlName="URL"
                  first={i === 0}
                  row={zip}
                  update={(change) => updateZip(zip.key, (z) => ({ ...z, ...change }))}
                  labelPlaceholder="e.g. gdrive"
                  urlClass="order-1 col-span-3 sm:order-none sm:col-span-1"
                  statusClass="order-2 col-span-2 sm:order-none sm:col-span-1"
                  removeLabel={`Remove zip ${i + 1} of ${name.toLowerCase()}`}
                  onRemove={() =>
                    remove("zip", zip.id, () => update((g) => ({ ...g, zipLinks: g.zipLinks.filter((z) => z.key !== zip.key) })))
                  }
                />
              </div>
            ))}
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => {
              const row = emptyZip();
              update((g) => ({ ...g, zipLinks: [...g.zipLinks, row] }));
            }}
          >
            <PlusIcon size={16} /> Add zip link
          </Button>
        </>
      )}
    </fieldset>
  );
});

/**
 * The fields of one URL row, a download link or a season's zip: its label, address,
 * size (zips only), health and remove button. The first row of a list cannot be
 * removed until it is saved (it is where one types).
 */
function UrlRowFields({
  name,
  urlName,
  first,
  row,
  update,
  labelPlaceholder,
  urlClass,
  statusClass,
  removeLabel,
  onRemove,
}: {
  /** "URL 1", "Zip 2": what each field's label starts with. */
  name: string;
  /** What the address field is called after the name. */
  urlName: string;
  /** The list's first row. */
  first: boolean;
  row: LinkRow | ZipRow;
  update: (change: Partial<ZipRow>) => void;
  labelPlaceholder: string;
  urlClass: string;
  statusClass?: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <>
      <RowInput
        label={`${name} label`}
        field={`${row.key}.label`}
        value={row.label}
        onChange={(e) => update({ label: e.target.value })}
        placeholder={labelPlaceholder}
      />
      <RowInput
        label={`${name} ${urlName}`}
        field={`${row.key}.url`}
        type="url"
        value={row.url}
        onChange={(e) => update({ url: e.target.value })}
        placeholder="https://"
        className={urlClass}
      />
      {"size" in row && (
        <RowInput
          label={`${name} size`}
          field={`${row.key}.size`}
          value={row.size}
          onChange={(e) => update({ size: e.target.value })}
          placeholder="e.g. 4.2 GB"
        />
      )}
      <StatusSelect
        label={`${name} status`}
        field={`${row.key}.status`}
        value={row.status}
        onChange={(status) => update({ status })}
        className={statusClass}
      />
      <div className="pt-5">
        <RemoveButton label={removeLabel} disabled={first && row.id === undefined} onClick={onRemove} />
      </div>
    </>
  );
}

const FileEditor = memo(function FileEditor({
  file,
  name,
  groupKey,
  setValues,
}: {
  file: FileRow;
  name: string;
  groupKey: string;
  setValues: SetValues;
}) {
  const remove = useRemoveRow();
  const updateFiles = (change: (files: FileRow[]) => FileRow[]) =>
    setValues((v) => ({ ...v, groups: v.groups.map((g) => (g.key === groupKey ? { ...g, files: change(g.files) } : g)) }));
  const update: Update<FileRow> = (change) => updateFiles((files) => files.map((f) => (f.key === file.key ? change(f) : f)));
  // Episodes and options have no delete of their own: a saved one goes when the title is saved.
  const onRemove = () => updateFiles((files) => files.filter((f) => f.key !== file.key));
  const saved = file.id !== undefined;
  const messages = useRowMessages(file.key, ["id", "links"]);
  const updateLink = (key: string, change: (l: LinkRow) => LinkRow) =>
    update((f) => ({ ...f, links: f.links.map((l) => (l.key === key ? change(l) : l)) }));
  return (
    <div className="rounded-lg bg-ink-950/40 p-3" role="group" aria-label={name}>
      <GroupMessages messages={messages} />
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_9rem_auto]">
        <RowInput
          label={`${name} title`}
          field={`${file.key}.title`}
          value={file.title}
          onChange={(e) => update((f) => ({ ...f, title: e.target.value }))}
          className="col-span-2 sm:col-span-1"
        />
        <RowInput
          label={`${name} size`}
          field={`${file.key}.size`}
          value={file.size}
          onChange={(e) => update((f) => ({ ...f, size: e.target.value }))}
          placeholder="e.g. 1.4 GB"
        />
        <div className="pt-5">
          <RemoveButton label={`Remove ${name.toLowerCase()}${saved ? " (when you save)" : ""}`} onClick={onRemove} />
        </div>
      </div>
      <ul className="mt-3 space-y-2">
        {file.links.map((link, i) => (
          <li
            key={link.key}
            className="grid grid-cols-[minmax(0,1fr)_8.5rem_auto] items-start gap-2 sm:grid-cols-[8rem_minmax(0,1fr)_8.5rem_auto]"
          >
            <UrlRowFields
              name={`URL ${i + 1}`}
              urlName="address"
              first={i === 0}
              row={link}
              update={(change) => updateLink(link.key, (l) => ({ ...l, ...change }))}
              labelPlaceholder="e.g. instant"
              urlClass="order-last col-span-3 sm:order-none sm:col-span-1"
              removeLabel={`Remove URL ${i + 1} of ${name.toLowerCase()}`}
              onRemove={() => remove("link", link.id, () => update((f) => ({ ...f, links: f.links.filter((l) => l.key !== link.key) })))}
            />
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            const row = emptyLink();
            update((f) => ({ ...f, links: [...f.links, row] }));
          }}
        >
          <PlusIcon size={16} /> Add URL
        </Button>
        <BulkPaste
          name={name}
          onAdd={(rows) =>
            update((f) => ({ ...f, links: [...f.links.filter((l) => l.id !== undefined || l.label.trim() || l.url.trim()), ...rows] }))
          }
        />
      </div>
    </div>
  );
});

/** Many addresses at once, one a line: each becomes a URL row labelled by its host. */
function BulkPaste({ name, onAdd }: { name: string; onAdd: (rows: LinkRow[]) => void }) {
  const [text, setText] = useState("");
  const id = useId();
  return (
    <details className="group min-w-0 flex-1">
      <summary className="inline-flex cursor-pointer list-none items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-mist-300 hover:bg-white/8 hover:text-white">
        Paste many URLs
      </summary>
      <div className="mt-2">
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-mist-300">
          URLs for {name.toLowerCase()}, one per line
        </label>
        <textarea
          id={id}
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={`${inputClass("compact")} font-mono text-xs`}
          placeholder={"https://gofile.io/d/abc\nhttps://pixeldrain.com/u/xyz"}
        />
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={!text.trim()}
          onClick={() => {
            const rows = linksFromPaste(text);
            if (rows.length) onAdd(rows);
            setText("");
          }}
        >
          Add these URLs
        </Button>
      </div>
    </details>
  );
}
