import { data, Link, useRouteLoaderData } from "react-router";
import { CountdownContinue } from "#app/components/catalogue/countdown-continue.tsx";
import { providerStyle } from "#app/components/catalogue/download-options.tsx";
import { getApp } from "#app/context.ts";
import { releaseLabel } from "#app/modules/catalogue/display.ts";
import { middlemanPath, outlinkPath, titlePath } from "#app/modules/catalogue/paths.ts";
import { getOutlink, outlinkFailure, parseLinkId } from "#app/modules/outlinks/outlinks.server.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/middleman";

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = parseLinkId(new URL(request.url).searchParams.get("id"));
  const link = id === null ? null : await getOutlink(getApp(context).db, id);
  if (!link) {
    const failure = await outlinkFailure(getApp(context).db, id);
    throw data(failure.message, { status: failure.status, headers: { "Cache-Control": "no-store" } });
  }
  return { link };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Link not found | Cinedex" }];
  return seoMeta(originOf(matches), {
    title: "Mediator Page | Please Wait",
    description: `Preparing your download of ${data.link.title.title}.`,
    path: middlemanPath(data.link.id),
    noindex: true,
  });
}

const BLURBS = [
  { heading: "Watch online", text: "Many hosts let you stream the file in the browser before you decide to download it." },
  { heading: "Download servers", text: "Files are held by independent hosts. Cinedex only points you to them and stores nothing." },
  { heading: "Multiple links", text: "Most titles have mirrors on several hosts and in several qualities. If one fails, try another." },
  { heading: "Request via Telegram", text: "Missing something? Ask in our Telegram group or use the request form." },
];

export default function Middleman({ loaderData }: Route.ComponentProps) {
  const { link } = loaderData;
  const settings = (useRouteLoaderData("root") as { settings: Settings }).settings;
  return (
    <div className="mx-auto max-w-3xl">
      <section className="rounded-2xl bg-ink-800 px-6 py-10 text-center ring-1 ring-white/5 sm:px-10" aria-labelledby="middleman-heading">
        <h1 id="middleman-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          Mediator Page | Please Wait
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-mist-300">
          You are about to leave Cinedex for <strong className="text-white">{link.host}</strong>, a third-party host.
        </p>
        <div className="mx-auto mt-6 max-w-md rounded-xl bg-ink-900/70 p-4 text-left text-sm ring-1 ring-white/5">
          <p className="font-semibold text-white">
            <Link to={titlePath(link.title)} className="hover:underline">
              {link.title.title}
            </Link>
          </p>
          <p className="mt-1 break-words text-mist-300">{link.fileTitle ?? "Complete season archive"}</p>
          <p className="mt-3 flex flex-wrap items-center gap-2">
            <span className="rounded-md bg-accent-500/15 px-2 py-0.5 text-xs font-bold text-accent-300 ring-1 ring-accent-500/30">
              {releaseLabel(link.release)}
            </span>
            <span className={`rounded-md px-2 py-0.5 text-xs font-bold uppercase ring-1 ${providerStyle(link.label)}`}>{link.label}</span>
            {link.size && <span className="text-mist-400">{link.size}</span>}
          </p>
        </div>
        <div className="mt-8">
          {link.status === "ok" ? (
            <CountdownContinue seconds={settings.middlemanCountdownSeconds} href={outlinkPath(link.id)} />
          ) : (
            <p className="rounded-lg bg-amber-400/10 px-4 py-3 text-amber-200 ring-1 ring-amber-400/30" role="alert">
              File is unavailable. This link is known to be broken;{" "}
              <Link to={titlePath(link.title)} className="font-semibold underline underline-offset-2">
                choose another link
              </Link>{" "}
              or{" "}
              <Link
                to={`/broken-links?contentName=${encodeURIComponent(link.title.title)}`}
                className="font-semibold underline underline-offset-2"
              >
                tell us about it
              </Link>
              .
            </p>
          )}
        </div>
      </section>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {BLURBS.map((blurb) => (
          <li key={blurb.heading} className="rounded-xl bg-ink-800/60 p-5 ring-1 ring-white/5">
            <h2 className="font-semibold text-white">{blurb.heading}</h2>
            <p className="mt-1.5 text-sm leading-relaxed text-mist-300">
              {blurb.text}
              {blurb.heading === "Request via Telegram" && (
                <>
                  {" "}
                  <a
                    href={settings.telegramGroupUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-sky-300 underline underline-offset-2"
                  >
                    Join the group
                  </a>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
