import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { HELP_LINKS, Icon, LinkPanel, type HelpLink, type IconName } from "#app/components/help/help-bits.tsx";
import { FacebookIcon, InstagramIcon, TelegramIcon, XIcon } from "#app/components/ui/icons.tsx";
import type { Settings } from "#app/modules/settings/schema.ts";

/** A visitor form page: heading and lead, the form, and a side column with what to expect and related pages. */
export function FormPage({ title, lead, children, aside }: { title: string; lead: ReactNode; children: ReactNode; aside: ReactNode }) {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="max-w-3xl min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg leading-relaxed text-mist-300">{lead}</p>
        <div className="mt-8">{children}</div>
      </div>
      <aside className="space-y-5 lg:pt-2">{aside}</aside>
    </div>
  );
}

/** A small panel of facts beside a form (response time, what happens next). */
export function InfoPanel({ heading, icon, children }: { heading: string; icon: IconName; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-gradient-to-br from-ink-800 to-ink-700 p-5 ring-1 ring-white/5">
      <h2 className="flex items-center gap-2 font-semibold text-white">
        <span className="grid size-8 place-items-center rounded-md bg-accent-500/10 text-accent-300 ring-1 ring-accent-500/20">
          <Icon name={icon} className="size-4" />
        </span>
        {heading}
      </h2>
      <div className="mt-3 space-y-2 text-sm leading-relaxed text-mist-300">{children}</div>
    </section>
  );
}

export function RelatedPages({ links }: { links: readonly HelpLink[] }) {
  return <LinkPanel id="related-pages" heading="Related pages" links={links} />;
}

export { HELP_LINKS };

const SOCIAL = [
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "x", label: "X", Icon: XIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "telegram", label: "Telegram", Icon: TelegramIcon },
] as const;

/** The site's social pages, from the site settings. */
export function SocialLinks() {
  const root = useRouteLoaderData("root") as { settings?: Settings } | undefined;
  const social = root?.settings?.socialLinks;
  if (!social) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Social links">
      {SOCIAL.map(({ key, label, Icon: SocialIcon }) => (
        <li key={key}>
          <a
            href={social[key]}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1.5 text-mist-100 ring-1 ring-white/10 transition-colors hover:bg-accent-500 hover:text-ink-950"
          >
            <SocialIcon size={15} />
            {label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The support address, from the site settings. */
export function useSupportEmail(): string | null {
  const root = useRouteLoaderData("root") as { settings?: Settings } | undefined;
  return root?.settings?.supportEmail ?? null;
}
