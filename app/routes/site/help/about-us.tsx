import { Link } from "react-router";
import { ButtonLink, HelpCallout, Icon, LegalAside } from "#app/components/help/help-bits.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { RESPONSE_TIMES } from "#app/constants.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/about-us";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "About us",
    description:
      "Cinedex is a catalogue of movies and TV shows that points to download links on third-party hosts. It stores no files. Learn how titles are added and how to reach us.",
    path: "/about-us",
  });
}

const FACTS = [
  { label: "Files we store", value: "None" },
  { label: "Qualities", value: "480p–4K" },
  { label: "Price", value: "Free" },
] as const;

export default function AboutUs() {
  return (
    <StaticPage
      aside={<LegalAside />}
      title="About Cinedex"
      lead="Cinedex is a free catalogue of movies and TV shows. For every title it gathers the details, the screenshots and the places on the web where a copy can be downloaded, so you don’t have to hunt for them."
    >
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {FACTS.map((fact) => (
          <div key={fact.label} className="mt-0 rounded-xl bg-ink-800 p-3 ring-1 ring-white/5 sm:p-4">
            <dt className="text-xs leading-snug text-mist-400 sm:text-sm">{fact.label}</dt>
            <dd className="mt-1 text-lg leading-tight font-bold text-white sm:text-xl">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <h2>What Cinedex is</h2>
      <p>
        Each title on Cinedex has its own page: the poster, a synopsis, the cast and director, the runtime, screenshots and a list of
        downloads grouped by quality, and by season for shows. The downloads are links to files that <strong>third-party hosts</strong> keep
        on their own servers. Cinedex itself stores no video files at all: it is an index that tells you where to look.
      </p>
      <p>
        Browsing is anonymous. There is nothing to sign up for, and the favourites, watchlist and recently viewed list stay in your own
        browser. Our <Link to="/privacy-policy">privacy policy</Link> explains exactly what we keep.
      </p>

      <h2>How titles are added</h2>
      <ol>
        <li>
          An administrator creates the entry and looks it up by its ID in The Movie Database, which fills in the details: the title,
          synopsis, genres, credits, runtime, posters and backdrops.
        </li>
        <li>
          The administrator adds screenshots and the download links found on third-party hosts, grouped by quality (480p, 720p, 1080p, 4K)
          and, for shows, by season and episode.
        </li>
        <li>
          The title goes live on the home page and in search. Links that visitors <Link to="/broken-links">report as broken</Link> are
          checked and replaced, and titles visitors <Link to="/request">request</Link> are added to the list of work.
        </li>
      </ol>
      <p className="text-sm text-mist-400">
        This product uses the TMDB API but is not endorsed or certified by TMDB. Posters, titles and artwork belong to their respective
        owners.
      </p>

      <h2>Respecting rights holders</h2>
      <p>
        If you hold the rights to a work and want a link removed, send a takedown notice through our <Link to="/dmca">DMCA page</Link>. We
        answer within {RESPONSE_TIMES.dmca}, and once we accept a valid notice the links it names are disabled immediately. The{" "}
        <Link to="/site-disclaimer">site disclaimer</Link> sets out our role in more detail.
      </p>

      <h2>How to reach us</h2>
      <ul>
        <li>
          Questions, feedback or problems with the site: the <Link to="/contact-us">contact form</Link>. We reply within{" "}
          {RESPONSE_TIMES.contact}.
        </li>
        <li>
          A title you are missing: <Link to="/request">request it</Link>. Requests are reviewed within {RESPONSE_TIMES.request}.
        </li>
        <li>
          Copyright concerns: the <Link to="/dmca">DMCA takedown form</Link>.
        </li>
      </ul>

      <HelpCallout
        heading="New to Cinedex?"
        actions={
          <>
            <ButtonLink to="/how-to-download">
              <Icon name="download" className="size-4" />
              How to download
            </ButtonLink>
            <ButtonLink to="/faq" variant="secondary">
              Read the FAQ
            </ButtonLink>
          </>
        }
      >
        The download guide walks you from a title to the file in five steps, and the FAQ answers the questions we hear most.
      </HelpCallout>
    </StaticPage>
  );
}
