import type { FormResult } from "#app/utils/submission.ts";
import { Form, href, Link, useNavigation } from "react-router";
import { FormMessage } from "#app/components/forms/result.tsx";
import { type FeaturedEntry, CAROUSEL_SIZE } from "#app/modules/catalogue/featured.ts";
import { TitleThumb } from "#app/components/catalogue/title-thumb.tsx";
import { MoveButtons, ReorderStatus, UnsavedBadge, useReorder } from "#app/components/admin/reorder.tsx";
import { Button, buttonClass, Card } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { titlePath } from "#app/modules/catalogue/paths.ts";

const typeLabel = (t: FeaturedEntry) => (t.type === "movie" ? "Movie" : "TV show");

export function FeaturedEditor({
  featured,
  candidates,
  q,
  result,
}: {
  featured: FeaturedEntry[];
  candidates: FeaturedEntry[];
  q: string;
  result: FormResult | undefined;
}) {
  const { order, setOrder, move, announcement, setAnnouncement } = useReorder(featured, "featured", (t) => t.title);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === href("/dashboard/settings/featured");
  const dirty = order.map((t) => t.id).join(",") !== featured.map((t) => t.id).join(",");
  const inOrder = new Set(order.map((t) => t.id));

  const remove = (index: number) => {
    const gone = order[index]!;
    setOrder(order.filter((_, i) => i !== index));
    setAnnouncement(`${gone.title} removed from the carousel`);
  };
  const add = (entry: FeaturedEntry) => {
    setOrder([...order, entry]);
    setAnnouncement(`${entry.title} added at position ${order.length + 1}`);
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-mist-300">
        The home page&apos;s carousel shows the first {CAROUSEL_SIZE} titles below, in this order. Move them with the Up and Down buttons,
        then save. Titles can also be featured from the Movies and TV Shows lists (select them, then “Feature on the home page”).
      </p>
      {result && !result.ok && <FormMessage result={result} />}
      <ReorderStatus message={announcement} />

      <Form method="post" preventScrollReset>
        <Card title="Featured titles" action={<UnsavedBadge show={dirty}>Unsaved changes</UnsavedBadge>}>
          {order.length === 0 ? (
            <p className="rounded-xl border border-dashed border-white/12 px-4 py-8 text-center text-mist-300">
              No featured titles: the home page shows no carousel. Add titles below.
            </p>
          ) : (
            <ol className="space-y-2" aria-label="Carousel order">
              {order.map((t, i) => (
                <li
                  key={t.id}
                  className={`flex flex-wrap items-center gap-3 rounded-xl border p-2.5 ${i < CAROUSEL_SIZE ? "border-white/10 bg-white/3" : "border-dashed border-white/10 opacity-80"}`}
                >
                  <input type="hidden" name="ids" value={t.id} />
                  <span className="w-6 text-center text-sm font-semibold text-mist-300 tabular-nums" aria-hidden="true">
                    {i + 1}
                  </span>
                  <TitleThumb title={t.title} url={t.posterUrl} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-white">
                      <span className="sr-only">{i + 1}. </span>
                      {t.title}
                    </p>
                    <p className="text-xs text-mist-400">
                      {typeLabel(t)} · {t.year ?? "Year unknown"}
                      {i >= CAROUSEL_SIZE && " · not shown (past the first 10)"}
                    </p>
                  </div>
                  <div className="flex gap-1.5">
                    <MoveButtons idPrefix="featured" id={t.id} name={t.title} index={i} count={order.length} onMove={move} />
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(i)}
                      aria-label={`Remove ${t.title} from the carousel`}
                      className="text-red-300 hover:text-red-300"
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
            {dirty && (
              <Button variant="ghost" onClick={() => setOrder(featured)}>
                Undo changes
              </Button>
            )}
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save order"}
            </Button>
          </div>
        </Card>
      </Form>

      <Card title="Add titles">
        <Form method="get" role="search" aria-label="Find titles to feature" className="flex max-w-md gap-2" preventScrollReset>
          <label htmlFor="featured-q" className="sr-only">
            Title to feature
          </label>
          <input
            id="featured-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            placeholder="Search titles…"
            className={inputClass("compact")}
          />
          <button type="submit" className={buttonClass("secondary")}>
            Search
          </button>
        </Form>
        {q && (
          <ul className="mt-4 space-y-2" aria-label="Matching titles">
            {candidates.length === 0 && <li className="text-sm text-mist-300">No title that is not featured yet matches “{q}”.</li>}
            {candidates.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-white/8 p-2.5">
                <TitleThumb title={t.title} url={t.posterUrl} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-white">{t.title}</p>
                  <p className="text-xs text-mist-400">
                    {typeLabel(t)} · {t.year ?? "Year unknown"} ·{" "}
                    <Link to={titlePath(t)} className="underline underline-offset-2">
                      View on site
                    </Link>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => add(t)}
                  disabled={inOrder.has(t.id)}
                  aria-label={`Add ${t.title} to the carousel`}
                >
                  {inOrder.has(t.id) ? "Added" : "Add"}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
