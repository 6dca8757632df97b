import type { FormResult } from "#app/utils/submission.ts";
import { Form, href, Link, useNavigation } from "react-router";
import { MoveButtons, ReorderStatus, UnsavedBadge, useReorder } from "#app/components/admin/reorder.tsx";
import { Button, Card } from "#app/components/admin/ui.tsx";
import { ErrorList, inputClass } from "#app/components/forms/field.tsx";
import { FormMessage } from "#app/components/forms/result.tsx";
import { GENRE_NAME_MAX } from "#app/modules/catalogue/genres.ts";
import type { AdminGenre } from "#app/modules/catalogue/genres.server.ts";
import { genrePath } from "#app/modules/catalogue/paths.ts";
import { plural } from "#app/utils/format.ts";

/**
 * One form for the whole list: each row's name and Hidden box are plain fields
 * (rename and hide work before scripts load); Up and Down reorder the rows, and
 * the rows' order is the order saved.
 */
export function GenresEditor({ genres, result }: { genres: AdminGenre[]; result: FormResult | undefined }) {
  const failure = result && !result.ok ? result : null;
  const { order, move, announcement } = useReorder(genres, "genre", (g) => g.name);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === href("/dashboard/settings/genres");
  const dirtyOrder = order.map((g) => g.id).join(",") !== genres.map((g) => g.id).join(",");

  return (
    <div className="space-y-6">
      <p className="text-sm text-mist-300">
        The genres visitors see on the home page, on genre pages and on each title, in this order. A renamed genre keeps its address (
        <code>/genre/…</code>), so links to it keep working. A hidden genre disappears from the public site; its titles keep it, and it
        stays available here and in the editor.
      </p>
      {failure && <FormMessage result={failure} />}
      <ReorderStatus message={announcement} />
      <Form method="post" preventScrollReset>
        <Card title="Genres" action={<UnsavedBadge show={dirtyOrder}>Order changed</UnsavedBadge>}>
          <ol className="space-y-2" aria-label="Genre order">
            {order.map((g, i) => {
              const nameId = `genre-name-${g.id}`;
              const errors = failure?.fields[`genres.${i}.name`];
              return (
                <li key={g.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-white/10 bg-white/3 p-2.5">
                  <input type="hidden" name="id" value={g.id} />
                  <span className="w-6 text-center text-sm font-semibold text-mist-300 tabular-nums" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div className="min-w-40 flex-1">
                    <label htmlFor={nameId} className="sr-only">
                      Name of genre {i + 1}
                    </label>
                    <input
                      id={nameId}
                      name="name"
                      required
                      maxLength={GENRE_NAME_MAX}
                      defaultValue={g.name}
                      aria-invalid={errors ? true : undefined}
                      aria-describedby={errors ? `${nameId}-errors` : `${nameId}-facts`}
                      className={inputClass("compact")}
                    />
                    <ErrorList id={`${nameId}-errors`} errors={errors} />
                    <p id={`${nameId}-facts`} className="mt-1 text-xs text-mist-400">
                      {plural(g.titles, "title")} ·{" "}
                      {g.hidden ? (
                        <span>/genre/{g.slug}</span>
                      ) : (
                        <Link to={genrePath(g)} className="underline underline-offset-2">
                          /genre/{g.slug}
                        </Link>
                      )}
                    </p>
                  </div>
                  <label className="flex items-center gap-2 text-sm text-mist-100">
                    <input type="checkbox" name="hidden" value={g.id} defaultChecked={g.hidden} className="h-4 w-4 accent-accent-500" />
                    Hidden
                  </label>
                  <div className="flex gap-1.5">
                    <MoveButtons idPrefix="genre" id={g.id} name={g.name} index={i} count={order.length} onMove={move} />
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="mt-5 flex justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save genres"}
            </Button>
          </div>
        </Card>
      </Form>
    </div>
  );
}
