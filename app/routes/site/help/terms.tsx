import { Link } from "react-router";
import { SECTIONS, Heading } from "#app/components/help/terms-heading.tsx";
import { LastUpdated, LegalAside } from "#app/components/help/help-bits.tsx";
import { NO_FILES_STATEMENT } from "#app/components/layout/site-footer.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { RESPONSE_TIMES } from "#app/constants.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/terms";

const TERMS_LAST_UPDATED = "November 21, 2026";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Terms of use",
    description:
      "The rules for using Cinedex: acceptable use, third-party links at your own risk, how takedown requests work and how these terms change.",
    path: "/terms",
  });
}

export default function Terms() {
  return (
    <StaticPage
      aside={<LegalAside />}
      title="Terms of use"
      lead="These terms apply to everyone who visits or uses Cinedex. By using the site you accept them; if you do not, please don’t use it."
    >
      <LastUpdated date={TERMS_LAST_UPDATED} />

      <nav aria-labelledby="terms-contents" className="rounded-xl bg-ink-800 p-5 ring-1 ring-white/5 sm:p-6">
        <h2 id="terms-contents" className="mt-0 text-base">
          Contents
        </h2>
        <ol className="mt-3 gap-x-8 text-sm sm:columns-2">
          {SECTIONS.map((section) => (
            <li key={section.id} className="mt-0 break-inside-avoid py-0.5">
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Heading id="using-cinedex" />
      <p>
        Cinedex is a free catalogue of movies and TV shows with links to files kept by third-party hosts. You may use it for your own
        personal, non-commercial purposes. Browsing needs no account. We may change, suspend or stop any part of the site at any time.
      </p>

      <Heading id="acceptable-use" />
      <p>When you use Cinedex, you agree not to:</p>
      <ul>
        <li>break the law, or use the site to infringe anyone’s copyright or other rights;</li>
        <li>
          copy the catalogue in bulk with scrapers or bots, or send requests fast enough to slow the site down for others (automated traffic
          is rate limited);
        </li>
        <li>try to get into the administration area, other people’s data or parts of the site not meant for you;</li>
        <li>spread malware or interfere with the site’s security or its normal working;</li>
        <li>send spam, false broken-link reports, or takedown notices that you know to be false or that you are not entitled to send.</li>
      </ul>
      <p>We may block access for anyone who does.</p>

      <Heading id="no-files" />
      <p>
        {NO_FILES_STATEMENT} We do not upload, host, transmit or sell any video file, and we cannot check every file that a link leads to.
      </p>

      <Heading id="third-party-links" />
      <p>
        Download links, trailers and some images lead to sites we do not own or control. You follow them <strong>at your own risk</strong>.
        Those sites have their own terms and privacy policies, may show adverts or offer software, and may remove files at any time. We are
        not responsible for their content, availability or practices, or for any loss or damage that results from using them. Make sure that
        what you download is allowed where you live.
      </p>

      <Heading id="takedown" />
      <p>
        If you own the rights to a work and believe a link on Cinedex leads to an unauthorised copy, send a notice through the{" "}
        <Link to="/dmca">DMCA page</Link>, with:
      </p>
      <ol>
        <li>your name and an email address where we can reach you;</li>
        <li>the address of the Cinedex page or link concerned and the type of content;</li>
        <li>proof that you own the work or act for its owner;</li>
        <li>a declaration that the information in your notice is accurate.</li>
      </ol>
      <p>
        We review notices within {RESPONSE_TIMES.dmca}. When a notice is valid, the links it names are disabled and the action is recorded.
        As the files themselves sit on other sites, you should also contact the host that keeps them.
      </p>

      <Heading id="submissions" />
      <p>
        What you send through our contact, request, broken-link and DMCA forms must be accurate and must not contain anything unlawful or
        abusive. We use it only to handle your message, as described in our <Link to="/privacy-policy">privacy policy</Link>. Sending a
        request does not oblige us to add a title.
      </p>

      <Heading id="liability" />
      <p>
        Cinedex is provided “as is” and “as available”. Details such as synopses, ratings and file sizes come from public sources and may be
        wrong or out of date. To the extent the law allows, we give no warranty that the site will be accurate, uninterrupted or free of
        errors, and we are not liable for any indirect or consequential loss that arises from using it or the sites it links to.
      </p>

      <Heading id="changes" />
      <p>
        We may update these terms when the site or the law changes. The new version is published on this page with a new “Last updated” date
        and applies from then on. If you keep using Cinedex after a change, you accept the updated terms.
      </p>

      <Heading id="contact" />
      <p>
        Questions about these terms are welcome through the <Link to="/contact-us">contact page</Link>. See also the{" "}
        <Link to="/site-disclaimer">site disclaimer</Link>.
      </p>
    </StaticPage>
  );
}
