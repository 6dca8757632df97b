import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink, HELP_LINKS, HelpCallout, Icon, type IconName, LinkPanel, OnThisPage } from "#app/components/help/help-bits.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { MIDDLEMAN_COUNTDOWN_S, RESPONSE_TIMES } from "#app/constants.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/how-to-download";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "How to download",
    description:
      "Download a movie or TV episode from Cinedex in five steps: find the title, pick a quality, open a download option, pass the mediator page and download from the host.",
    path: "/how-to-download",
    type: "article",
  });
}

const SECTIONS = [
  { id: "steps", title: "Step by step" },
  { id: "tips", title: "Tips" },
  { id: "common-issues", title: "Common issues" },
] as const;

const STEPS: { title: string; body: ReactNode }[] = [
  {
    title: "Find a title",
    body: (
      <>
        Search by name with the search box at the top of every page, browse a genre, or scroll through the latest uploads on the{" "}
        <Link to="/">home page</Link>. Select a poster to open the title’s page.
      </>
    ),
  },
  {
    title: "Pick a quality",
    body: (
      <>
        Under <strong>Downloads</strong> the releases are listed by quality (480p, 720p, 1080p and 4K where available) with their file
        sizes. Shows are grouped by season. Lower qualities are smaller and finish sooner.
      </>
    ),
  },
  {
    title: "Open the download option",
    body: (
      <>
        Choose <strong>Download</strong> for a movie, or <strong>Episodes</strong> to pick a single episode of a show. You get the download
        options for that release, one per host. Any of them gives you the same file.
      </>
    ),
  },
  {
    title: "Wait on the mediator page",
    body: (
      <>
        The <strong>Mediator Page</strong> prepares your link. Press <strong>Continue</strong>, let the countdown run (about{" "}
        {MIDDLEMAN_COUNTDOWN_S} seconds while it says “Generating Link”), then press <strong>Continue to download</strong>.
      </>
    ),
  },
  {
    title: "Download from the host",
    body: (
      <>
        You are now on the host’s site, which keeps the file. Press its download button and save the file. Close any pop-ups on the way: a
        real download is a video file (.mkv or .mp4) or a .zip archive, never a program.
      </>
    ),
  },
];

const TIPS: ReactNode[] = [
  <>Check the file size before you start, especially on mobile data: 4K files are several times larger than 1080p.</>,
  <>720p looks sharp on phones and laptops; keep 1080p and 4K for large screens.</>,
  <>For a whole season, a zip archive saves you from downloading each episode separately. Unpack it before playing.</>,
  <>Large files are easier with a download manager that can resume, so a dropped connection does not start over.</>,
  <>Never install anything a host offers you, such as “download managers”, codecs or browser extensions.</>,
];

const ISSUES: { icon: IconName; title: string; body: ReactNode }[] = [
  {
    icon: "link",
    title: "The link is broken or the file was removed",
    body: (
      <>
        Try another download option or another quality. If none work, <Link to="/broken-links">report the broken link</Link> with the title,
        the quality and, for shows, the season and episode. We replace reported links as soon as possible.
      </>
    ),
  },
  {
    icon: "warning",
    title: "The host says a download limit was reached",
    body: (
      <>
        Hosts limit how much one visitor can download in a day. Choose a different host for the same file, or wait a few hours and try
        again.
      </>
    ),
  },
  {
    icon: "shield",
    title: "The host page fails while you use a VPN",
    body: (
      <>
        Some hosts block VPN and proxy addresses, which is why the site shows a notice about VPNs. Switch the VPN off for the download and
        back on afterwards.
      </>
    ),
  },
  {
    icon: "info",
    title: "The file won’t play",
    body: (
      <>
        Most releases are MKV files, which some built-in players cannot open. Install VLC, a free player for Windows, macOS, Linux, Android
        and iOS that plays MKV and MP4. If you downloaded a .zip archive, unpack it first.
      </>
    ),
  },
];

export default function HowToDownload() {
  return (
    <StaticPage
      title="How to download"
      aside={
        <div className="space-y-5 lg:sticky lg:top-24">
          <OnThisPage sections={SECTIONS} />
          <LinkPanel
            id="related-help"
            heading="More help"
            links={[HELP_LINKS.faq, HELP_LINKS.broken, HELP_LINKS.request, HELP_LINKS.contact]}
          />
        </div>
      }
      lead="Getting a movie or an episode takes five steps and about a minute. Cinedex does not store any files: the last step takes you to the third-party host that keeps the file."
    >
      <h2 id="steps" className="scroll-mt-24">
        Step by step
      </h2>
      <ol className="list-none space-y-3 pl-0" aria-labelledby="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="mt-0 rounded-xl bg-ink-800 p-5 ring-1 ring-white/5">
            <h3 className="mt-0 flex items-center gap-3 leading-snug">
              <span
                className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-500 text-base font-bold text-ink-950"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span>
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </span>
            </h3>
            <p className="mt-2 text-mist-300 sm:pl-11">{step.body}</p>
          </li>
        ))}
      </ol>

      <h2 id="tips" className="scroll-mt-24">
        Tips
      </h2>
      <ul className="list-none space-y-2.5 pl-0" aria-labelledby="tips">
        {TIPS.map((tip, index) => (
          <li key={index} className="mt-0 flex gap-3 text-mist-300">
            <Icon name="check" className="mt-1 size-5 shrink-0 text-gold-400" />
            <span>{tip}</span>
          </li>
        ))}
      </ul>

      <h2 id="common-issues" className="scroll-mt-24">
        Common issues
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {ISSUES.map((issue) => (
          <section key={issue.title} className="rounded-xl bg-ink-800 p-5 ring-1 ring-white/5">
            <h3 className="mt-0 flex items-start gap-2.5 leading-snug">
              <Icon name={issue.icon} className="mt-0.5 size-5 shrink-0 text-accent-300" />
              {issue.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-mist-300">{issue.body}</p>
          </section>
        ))}
      </div>

      <HelpCallout
        heading="Still stuck?"
        actions={
          <>
            <ButtonLink to="/contact-us">
              <Icon name="chat" className="size-4" />
              Contact us
            </ButtonLink>
            <ButtonLink to="/broken-links" variant="secondary">
              <Icon name="link" className="size-4" />
              Report a broken link
            </ButtonLink>
          </>
        }
      >
        Send us a message and we will get back to you within {RESPONSE_TIMES.contact}. The <Link to="/faq">FAQ</Link> may already have your
        answer.
      </HelpCallout>
    </StaticPage>
  );
}
