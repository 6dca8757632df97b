import { Link } from "react-router";
import { LastUpdated, LegalAside } from "#app/components/help/help-bits.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { RECENTLY_VIEWED_CAP, VISITED_LINK_TTL_MS } from "#app/constants.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/privacy-policy";

const PRIVACY_LAST_UPDATED = "November 25, 2026";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Privacy policy",
    description:
      "What Cinedex keeps about visitors: no accounts, no third-party trackers, personal lists only in your browser, and only what you send us through a form.",
    path: "/privacy-policy",
  });
}

const VISITED_LINK_HOURS = VISITED_LINK_TTL_MS / 3_600_000;

const AT_A_GLANCE = [
  "You don’t need an account, and visitors can’t create one.",
  "Your favourites, watchlist and recently viewed titles stay in your browser.",
  "We keep what you send us in a form and, for a quick request, an approximate location. Nothing else about you.",
  "No third-party analytics, advertising or tracking scripts.",
  "We never sell or share your data.",
];

export default function PrivacyPolicy() {
  return (
    <StaticPage
      aside={<LegalAside />}
      title="Privacy policy"
      lead="Cinedex is built to know as little about you as possible. This page explains, in plain words, what is kept, where, and why."
    >
      <LastUpdated date={PRIVACY_LAST_UPDATED} />

      <section aria-labelledby="glance" className="rounded-xl bg-ink-800 p-5 ring-1 ring-white/5 sm:p-6">
        <h2 id="glance" className="mt-0 text-lg">
          At a glance
        </h2>
        <ul className="mt-3">
          {AT_A_GLANCE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <h2>No visitor accounts</h2>
      <p>
        You can browse, search and follow download links without signing up or telling us who you are. Only the site’s administrators have
        accounts. A session cookie is set only when someone signs in: an administrator, or a visitor who connects a Google Drive on the
        DeskSync pages (see below).
      </p>

      <h2>What stays in your browser</h2>
      <p>
        Some features remember things for you. They are saved in your own browser’s local storage, are never sent to our server, and
        disappear when you clear this site’s data in your browser settings:
      </p>
      <ul>
        <li>
          <strong>Favourites and watchlist</strong>: the titles you marked.
        </li>
        <li>
          <strong>Recently viewed</strong>: the last {RECENTLY_VIEWED_CAP} titles you opened, shown in the footer.
        </li>
        <li>
          <strong>Visited-link markers</strong>: which download links you already used, so they can be marked; each marker expires after{" "}
          {VISITED_LINK_HOURS} hours.
        </li>
      </ul>
      <p>
        We also set <strong>one cookie</strong> when you close one of the notice banners at the top of the page. It only records which
        banners you dismissed, so they stay closed. It contains nothing about you and is not used for tracking.
      </p>

      <h2>What you send us through forms</h2>
      <p>When you fill in one of our forms, we store what you enter, with the time it was sent:</p>
      <ul>
        <li>
          <strong>Contact</strong>: your name, email address, subject and message.
        </li>
        <li>
          <strong>Content requests</strong>: your name, email address, the type and name of the title, its year, an IMDb link and your
          message.
        </li>
        <li>
          <strong>Broken-link reports</strong>: the title, season and episode, quality, link type and any details you add.
        </li>
        <li>
          <strong>DMCA notices</strong>: your name, email address, the address and type of the content, your proof of ownership, your
          message and your declaration.
        </li>
      </ul>
      <p>
        Only the site’s administrators can read these, in the site’s inbox, and we use them only to deal with your message: to reply, add a
        title, fix a link or act on a notice. Each form also has a hidden field that people never see; if it comes back filled in, the
        message is treated as automated spam.
      </p>

      <h2>Quick requests and approximate location</h2>
      <p>
        On a title’s page you can ask for a missing quality with one click. Such a quick request stores the title and the quality you
        picked, and an <strong>approximate location</strong>: country, region, city and coordinates rounded to two decimal places (roughly a
        kilometre). Our server works this out from your connection’s IP address using a location database kept on our own server; no outside
        service is asked.
      </p>
      <p>
        Your IP address itself is never stored. We keep only a salted hash of it (a scrambled fingerprint that cannot simply be turned back
        into the address) so we can limit how many requests one connection sends.
      </p>

      <h2>Server logs</h2>
      <p>
        For each request our server logs the method, the path of the page (including any search text in it), the status code, how long it
        took and a random request ID. We use these logs to find and fix errors. They do not include your IP address, your browser details or
        your cookies.
      </p>

      <h2>No trackers, no advertising</h2>
      <p>
        Cinedex does not use third-party analytics, advertising networks, tracking pixels or social media widgets, and we do not sell, rent
        or share personal data. We count how often each download link is used, to see which links work, and how often each title’s page is
        viewed and each search is made, to see what visitors look for. These are only totals: they belong to the link, the title or the
        search words, not to you, and no cookie or address is used to make them.
      </p>

      <h2>Other sites your browser contacts</h2>
      <ul>
        <li>
          <strong>Image hosts.</strong> Posters and screenshots may load from other servers, such as The Movie Database’s image server,
          which then see your IP address like any website does.
        </li>
        <li>
          <strong>Download hosts and trailers.</strong> When you continue to a download or open a trailer, you go to a third-party site with
          its own privacy policy. We do not control what those sites collect.
        </li>
        <li>
          <strong>Google sign-in (DeskSync).</strong> If you choose to connect a Google Drive on the DeskSync pages, Google asks for your
          permission first. The access Google grants is kept in a session on our server, never in your browser’s address bar, and is used
          only to show your drive files to you.
        </li>
      </ul>

      <h2>How long we keep things and your choices</h2>
      <p>
        We keep form submissions for as long as we need them to deal with them and to keep a record of what was done, for example for
        takedown notices. You can ask us to show you, correct or delete what you sent us through the{" "}
        <Link to="/contact-us">contact page</Link>. Data in your browser is yours to clear at any time.
      </p>

      <h2>Security</h2>
      <p>
        Session cookies are marked Secure whenever the site is served over HTTPS, the inbox is open only to signed-in administrators, and
        administrator passwords are stored only as strong one-way hashes.
      </p>

      <h2>Changes to this policy</h2>
      <p>If what we collect changes, we update this page and the date at the top before the change takes effect.</p>

      <h2>Contact</h2>
      <p>
        Questions about your privacy go to the site administrators through the <Link to="/contact-us">contact page</Link>. For copyright
        matters, use the <Link to="/dmca">DMCA page</Link>.
      </p>
    </StaticPage>
  );
}
