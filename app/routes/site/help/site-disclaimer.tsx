import { Link } from "react-router";
import { LegalAside } from "#app/components/help/help-bits.tsx";
import { NO_FILES_STATEMENT } from "#app/components/layout/site-footer.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { RESPONSE_TIMES } from "#app/constants.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/site-disclaimer";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Site disclaimer",
    description:
      "Cinedex stores no files. All content is provided by non-affiliated third parties whose sites we do not control. Rights holders can send takedown notices through our DMCA page.",
    path: "/site-disclaimer",
  });
}

export default function SiteDisclaimer() {
  return (
    <StaticPage
      aside={<LegalAside />}
      title="Site disclaimer"
      lead="Please read this before using Cinedex. It explains what the site is, what it is not, and who is responsible for the files you reach through it."
    >
      <div className="rounded-xl bg-ink-800 p-5 ring-1 ring-accent-500/25">
        <p className="font-semibold text-white">{NO_FILES_STATEMENT}</p>
      </div>

      <h2>No files on our servers</h2>
      <p>
        Cinedex is a catalogue. It lists movies and TV shows with their details, and for each one the links where other websites offer a
        copy. No video, audio or archive file is uploaded to, kept on or sent from Cinedex. When you download, the file comes straight from
        the third-party host to you.
      </p>

      <h2>Content from third parties</h2>
      <p>
        The files behind the links are uploaded and hosted by third parties that have no connection with Cinedex. We are not affiliated
        with, endorsed by or responsible for any of these hosts or the people who use them. Titles, posters, artwork and trademarks belong
        to their owners and are shown only to identify the works.
      </p>

      <h2>No control over other sites</h2>
      <p>Once you follow a link you are on a site we do not run. We cannot control and are not responsible for:</p>
      <ul>
        <li>whether a file is still online, complete, or what its description says it is;</li>
        <li>the adverts, pop-ups, downloads or software offered on those sites;</li>
        <li>their speed, download limits, terms or privacy practices;</li>
        <li>any harm to your device or data caused by what you download from them.</li>
      </ul>
      <p>
        Use an up-to-date browser and antivirus, and never install programs a host offers you. Visiting third-party sites is at your own
        risk.
      </p>

      <h2>Information as it is</h2>
      <p>
        Details such as synopses, cast, release dates, ratings and file sizes come from public sources and from the hosts, and may be
        incomplete or out of date. Cinedex is provided as it is, without any warranty that it is accurate, available or fit for a particular
        purpose.
      </p>

      <h2>Your responsibility</h2>
      <p>
        Copyright law differs from country to country. You are responsible for making sure that what you download and how you use it is
        allowed where you live.
      </p>

      <h2>Copyright and takedown requests</h2>
      <p>
        We respect the rights of creators. If you own the rights to a work and a link on Cinedex points to a copy you did not authorise,
        send a notice through our <Link to="/dmca">DMCA page</Link>. We review notices within {RESPONSE_TIMES.dmca}, and once we accept a
        valid notice the links it names are disabled immediately. Because the files are on other sites, please also contact the host that
        keeps the file.
      </p>

      <h2>Questions</h2>
      <p>
        For anything else about this disclaimer, write to us through the <Link to="/contact-us">contact page</Link>. See also our{" "}
        <Link to="/terms">terms of use</Link> and <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    </StaticPage>
  );
}
