import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { RESPONSE_TIMES } from "#app/constants.ts";

/** Decorative 24×24 outline icons for the help pages. */
const ICON_PATHS = {
  search: "M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z",
  chevron: "M6 9l6 6 6-6",
  download: "M12 3v12m0 0l-4.5-4.5M12 15l4.5-4.5M4.5 17.5v1A2.5 2.5 0 0 0 7 21h10a2.5 2.5 0 0 0 2.5-2.5v-1",
  link: "M10 14a4.5 4.5 0 0 0 6.36 0l3.18-3.18a4.5 4.5 0 0 0-6.36-6.36L11.5 6.1M14 10a4.5 4.5 0 0 0-6.36 0l-3.18 3.18a4.5 4.5 0 0 0 6.36 6.36l1.66-1.66",
  plus: "M12 5v14M5 12h14",
  shield: "M12 3l7.5 3v5.25c0 4.6-3.2 8.6-7.5 9.75-4.3-1.15-7.5-5.15-7.5-9.75V6L12 3z",
  chat: "M7.5 8.25h9m-9 3.75h5.25M21 12c0 4.14-4.03 7.5-9 7.5a10.3 10.3 0 0 1-3.4-.57L3 20.25l1.54-3.6A6.9 6.9 0 0 1 3 12c0-4.14 4.03-7.5 9-7.5s9 3.36 9 7.5z",
  info: "M12 16v-4.5m0-3h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
  check: "M4.5 12.75l6 6 9-13.5",
  warning:
    "M12 9v3.75m0 3.75h.01M10.3 3.86L1.82 18a1.95 1.95 0 0 0 1.7 2.93h16.96a1.95 1.95 0 0 0 1.7-2.93L13.7 3.86a1.95 1.95 0 0 0-3.4 0z",
  lock: "M7.5 10.5V7.5a4.5 4.5 0 1 1 9 0v3M6 10.5h12a1.5 1.5 0 0 1 1.5 1.5v7.5A1.5 1.5 0 0 1 18 21H6a1.5 1.5 0 0 1-1.5-1.5V12A1.5 1.5 0 0 1 6 10.5z",
  document: "M14 3H7.5A1.5 1.5 0 0 0 6 4.5v15A1.5 1.5 0 0 0 7.5 21h9a1.5 1.5 0 0 0 1.5-1.5V7l-4-4zm0 0v4h4M9 12h6m-6 3.5h6",
} as const;

export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

export interface HelpLink {
  to: string;
  label: string;
  hint: string;
  icon: IconName;
}

/** The help, legal and contact pages, as the side panels link to them. */
export const HELP_LINKS = {
  howTo: { to: "/how-to-download", label: "How to download", hint: "Five steps from title to file", icon: "download" },
  faq: { to: "/faq", label: "FAQ", hint: "Answers to common questions", icon: "info" },
  broken: { to: "/broken-links", label: "Report broken links", hint: "Tell us which link stopped working", icon: "link" },
  request: { to: "/request", label: "Request content", hint: "Ask for a missing movie or show", icon: "plus" },
  dmca: { to: "/dmca", label: "DMCA", hint: "Takedown requests for rights holders", icon: "shield" },
  contact: { to: "/contact-us", label: "Contact us", hint: `Replies within ${RESPONSE_TIMES.contact}`, icon: "chat" },
  about: { to: "/about-us", label: "About us", hint: "What Cinedex is and how it works", icon: "info" },
  disclaimer: { to: "/site-disclaimer", label: "Site disclaimer", hint: "Who is responsible for the files", icon: "warning" },
  privacy: { to: "/privacy-policy", label: "Privacy policy", hint: "What we keep, and where", icon: "lock" },
  terms: { to: "/terms", label: "Terms of use", hint: "The rules for using the site", icon: "document" },
} as const satisfies Record<string, HelpLink>;

/**
 * A list of help links with an icon and a one-line hint each; the link to the
 * current page is marked.
 */
export function ResourceLinks({ links }: { links: readonly HelpLink[] }) {
  return (
    <ul className="space-y-1">
      {links.map((r) => (
        <li key={r.to}>
          <NavLink
            to={r.to}
            end
            className={({ isActive }) =>
              `group flex items-start gap-3 rounded-lg px-2 py-2 transition-colors ${isActive ? "bg-white/[0.07]" : "hover:bg-white/5"}`
            }
          >
            <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-md bg-accent-500/10 text-accent-300 ring-1 ring-accent-500/20">
              <Icon name={r.icon} className="size-4" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-mist-100 group-hover:text-white group-aria-[current=page]:text-white">
                {r.label}
              </span>
              <span className="block text-xs leading-snug text-mist-400">{r.hint}</span>
            </span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** A titled panel of help links for a page's side column. */
export function LinkPanel({ id, heading, links }: { id: string; heading: string; links: readonly HelpLink[] }) {
  return (
    <nav aria-labelledby={id} className="rounded-xl bg-ink-800 p-3 ring-1 ring-white/5">
      <h2 id={id} className="px-2 pt-2 pb-1 font-semibold text-white">
        {heading}
      </h2>
      <ResourceLinks links={links} />
    </nav>
  );
}

/** Jump links to the sections of a long page; shown only beside the text. */
export function OnThisPage({ sections }: { sections: ReadonlyArray<{ id: string; title: string }> }) {
  return (
    <nav aria-labelledby="on-this-page" className="hidden rounded-xl bg-ink-800 p-5 ring-1 ring-white/5 lg:block">
      <h2 id="on-this-page" className="text-sm font-semibold tracking-wide text-mist-400 uppercase">
        On this page
      </h2>
      <ul className="mt-3 space-y-2 border-l border-white/10 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="-ml-px block border-l border-transparent pl-3 text-mist-300 transition-colors hover:border-accent-400 hover:text-white"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The side column of the legal and about pages. */
export function LegalAside() {
  return (
    <div className="space-y-5 lg:sticky lg:top-24">
      <LinkPanel
        id="legal-pages"
        heading="About and legal"
        links={[HELP_LINKS.about, HELP_LINKS.disclaimer, HELP_LINKS.privacy, HELP_LINKS.terms, HELP_LINKS.dmca]}
      />
      <SupportCard heading="Questions?" />
    </div>
  );
}

/** A small card that sends the visitor to the contact page. */
export function SupportCard({ heading, label = "Contact us" }: { heading: string; label?: string }) {
  return (
    <section aria-labelledby="support-card" className="rounded-xl bg-gradient-to-br from-ink-800 to-ink-700 p-5 ring-1 ring-white/5">
      <h2 id="support-card" className="font-semibold text-white">
        {heading}
      </h2>
      <p className="mt-1.5 text-sm leading-relaxed text-mist-300">Our support team replies within {RESPONSE_TIMES.contact}.</p>
      <div className="mt-4">
        <ButtonLink to="/contact-us">
          <Icon name="chat" className="size-4" />
          {label}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The page's primary action, as a pill-shaped link. */
export function ButtonLink({ to, children, variant = "primary" }: { to: string; children: ReactNode; variant?: "primary" | "secondary" }) {
  const look =
    variant === "primary"
      ? "bg-accent-500 text-ink-950 hover:bg-accent-400"
      : "bg-white/5 text-mist-100 ring-1 ring-white/15 hover:bg-white/10 hover:text-white";
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold no-underline transition-colors ${look}`}
    >
      {children}
    </Link>
  );
}

/** "Still stuck?" box at the end of a help page. */
export function HelpCallout({ heading, children, actions }: { heading: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="mt-10 rounded-xl bg-gradient-to-br from-ink-800 to-ink-700 p-6 ring-1 ring-white/5 sm:p-8">
      <h2 className="mt-0 text-xl font-bold text-white">{heading}</h2>
      <div className="mt-2 leading-relaxed text-mist-300">{children}</div>
      <div className="mt-5 flex flex-wrap gap-3">{actions}</div>
    </section>
  );
}

/** The date a legal text last changed. */
export function LastUpdated({ date }: { date: string }) {
  return <p className="text-sm text-mist-400">Last updated: {date}</p>;
}
