import { data, redirect } from "react-router";
import { Poster, titleHue } from "#app/components/catalogue/poster.tsx";
import { titlePath } from "#app/components/catalogue/title-card.tsx";
import { getApp } from "#app/context.ts";
import { certification, releaseLabel } from "#app/modules/catalogue/display.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { TITLE_NOT_FOUND } from "#app/modules/catalogue/write.server.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { formatReleaseDate, formatRuntime } from "#app/utils/dates.ts";
import type { Route } from "./+types/title";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : NaN;
  const title = Number.isNaN(id) ? null : await getTitle(getApp(context).db, id);
  if (!title) throw data(TITLE_NOT_FOUND, { status: 404 });
  if (params.slug !== title.slug) throw redirect(titlePath(title), 301);
  return { title };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found | Cinedex" }];
  const { title } = data;
  return [
    { title: `${title.title}${title.year ? ` (${title.year})` : ""} | Cinedex` },
    { name: "description", content: title.overview ?? `${title.title} on Cinedex.` },
  ];
}

export default function TitlePage({ loaderData }: Route.ComponentProps) {
  const { title } = loaderData;
  const hue = titleHue(title.title);
  const facts = [
    title.releaseDate && `${formatReleaseDate(title.releaseDate)} (IN)`,
    formatRuntime(title.runtimeMinutes),
    title.language,
  ].filter(Boolean);
  return (
    <article>
      <header className="relative -mt-6 pt-10 pb-10">
        <div
          className="absolute inset-y-0 left-1/2 -z-10 w-screen -translate-x-1/2 opacity-60"
          style={
            title.backgroundUrl
              ? { backgroundImage: `url("${encodeURI(title.backgroundUrl)}")`, backgroundSize: "cover", backgroundPosition: "center" }
              : { backgroundImage: `radial-gradient(80% 120% at 80% 0%, hsl(${hue} 60% 30%), transparent 70%)` }
          }
          aria-hidden="true"
        />
        <div
          className="absolute inset-y-0 left-1/2 -z-10 w-screen -translate-x-1/2 bg-gradient-to-t from-ink-950 via-ink-950/80 to-ink-950/30"
          aria-hidden="true"
        />
        <div className="flex flex-col gap-8 sm:flex-row">
          <Poster title={title.title} year={title.year} url={title.posterUrl} large eager className="w-44 shrink-0 shadow-2xl sm:w-56" />
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{title.type === "tv" ? "TV series" : "Movie"}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-white sm:text-4xl">
              {title.title} {title.year && <span className="font-normal text-mist-400">({title.year})</span>}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-mist-300">
              <span className="rounded border border-white/25 px-1.5 text-xs font-bold" title="Certification">
                {certification(title.adult)}
              </span>
              {facts.map((fact) => (
                <span key={fact as string}>{fact}</span>
              ))}
              {title.rating !== null && (
                <span className="font-semibold text-gold-400">
                  <span aria-hidden="true">★ </span>
                  {title.rating.toFixed(1)}
                  <span className="sr-only"> out of 10</span>
                </span>
              )}
            </div>
            {title.genres.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Genres">
                {title.genres.map((g) => (
                  <li key={g.id} className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-mist-100">
                    {g.name}
                  </li>
                ))}
              </ul>
            )}
            {title.tagline && <p className="mt-5 font-display text-lg text-mist-300 italic">{title.tagline}</p>}
            {title.overview && <p className="mt-3 max-w-3xl leading-relaxed text-mist-100">{title.overview}</p>}
            <dl className="mt-5 grid max-w-3xl gap-2 text-sm sm:grid-cols-[8rem_1fr]">
              {title.directors.length > 0 && (
                <>
                  <dt className="text-mist-400">Director{title.directors.length > 1 ? "s" : ""}</dt>
                  <dd className="text-mist-100">{title.directors.join(", ")}</dd>
                </>
              )}
              {title.cast.length > 0 && (
                <>
                  <dt className="text-mist-400">Cast</dt>
                  <dd className="text-mist-100">
                    {title.cast.map((c) => (c.character ? `${c.name} (${c.character})` : c.name)).join(", ")}
                  </dd>
                </>
              )}
            </dl>
          </div>
        </div>
      </header>
      <Downloads title={title} />
    </article>
  );
}

function Downloads({ title }: { title: TitleDetail }) {
  return (
    <section aria-labelledby="downloads-heading" className="mt-6">
      <h2 id="downloads-heading" className="text-xl font-bold text-white">
        Downloads
      </h2>
      {title.releases.length === 0 ? (
        <p className="mt-4 rounded-xl bg-ink-800 px-5 py-8 text-center text-mist-300">No download links available</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {title.releases.map((release) => (
            <li key={release.id} className="rounded-xl bg-ink-800 p-4 ring-1 ring-white/5">
              <h3 className="font-semibold text-white">{releaseLabel(release)}</h3>
              {release.files.length === 0 && release.zipLinks.length === 0 ? (
                <p className="mt-2 text-sm text-mist-400">{title.type === "tv" ? "No episodes available" : "No download links available"}</p>
              ) : (
                <ul className="mt-2 divide-y divide-white/5 text-sm">
                  {release.files.map((file) => (
                    <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="min-w-0 text-mist-100">
                        {file.title}
                        {file.size && <span className="ml-2 text-mist-400">{file.size}</span>}
                      </span>
                      <span className="flex flex-wrap gap-2">
                        {file.links.map((link) => (
                          <a
                            key={link.id}
                            href={link.url}
                            rel="nofollow noopener noreferrer"
                            target="_blank"
                            className="rounded-md bg-accent-500/15 px-2.5 py-1 text-xs font-semibold text-accent-300 ring-1 ring-accent-500/30 hover:bg-accent-500/25"
                          >
                            {link.label}
                            <span className="sr-only"> (opens {file.title} on another site)</span>
                          </a>
                        ))}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
