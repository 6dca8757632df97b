import { useRouteLoaderData } from "react-router";
import { PageLink } from "#app/components/ui/page-link.tsx";
import { FOOTER_RECENTLY_VIEWED } from "#app/constants.ts";
import { recentlyViewed } from "#app/components/storage/lists.ts";
import { FacebookIcon, InstagramIcon, TelegramIcon, XIcon } from "#app/components/ui/icons.tsx";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { DEFAULT_SITE_NAME } from "#app/modules/settings/defaults.ts";
import type { Settings } from "#app/modules/settings/schema.ts";
import { BrandMark } from "./brand.tsx";

export const NO_FILES_STATEMENT =
  "Cinedex does not store any files on its servers. All content is provided by non-affiliated third parties.";

const QUICK_LINKS = [
  { to: "/how-to-download", label: "How to Download" },
  { to: "/broken-links", label: "Report Broken Links" },
  { to: "/request", label: "Request Content" },
  { to: "/faq", label: "FAQ" },
];

const LEGAL_LINKS = [
  { to: "/dmca", label: "DMCA" },
  { to: "/site-disclaimer", label: "Site Disclaimer" },
  { to: "/about-us", label: "About Us" },
  { to: "/contact-us", label: "Contact Us" },
];

const SOCIAL = [
  { key: "facebook", label: "Cinedex on Facebook", Icon: FacebookIcon },
  { key: "x", label: "Cinedex on X", Icon: XIcon },
  { key: "instagram", label: "Cinedex on Instagram", Icon: InstagramIcon },
  { key: "telegram", label: "Cinedex on Telegram", Icon: TelegramIcon },
] as const;

function FooterLinks({ heading, links }: { heading: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{heading}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <PageLink to={link.to} className="rounded text-mist-400 transition-colors hover:text-white">
              {link.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RecentlyViewed() {
  const items = recentlyViewed.useValue().slice(0, FOOTER_RECENTLY_VIEWED);
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">Recently Viewed</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-mist-400">No recently viewed items</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Recently viewed titles">
          {items.map((item) => (
            <li key={item.id} className="truncate">
              <PageLink to={titlePath(item)} className="rounded text-mist-400 transition-colors hover:text-white">
                {item.title}
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SiteFooter() {
  const root = useRouteLoaderData("root") as { settings?: Settings } | undefined;
  const social = root?.settings?.socialLinks;
  const siteName = root?.settings?.siteName ?? DEFAULT_SITE_NAME;
  return (
    <footer className="border-t border-white/5 bg-ink-900 text-sm">
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr] lg:px-8">
        <div>
          <PageLink to="/" className="flex w-fit items-center gap-2 rounded-md text-base font-semibold text-white">
            <BrandMark className="h-7 w-7" />
            {siteName}
          </PageLink>
          <p className="mt-4 max-w-sm leading-relaxed text-mist-400">{NO_FILES_STATEMENT}</p>
          {social && (
            <ul className="mt-5 flex gap-2" aria-label="Social links">
              {SOCIAL.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={social[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-white/5 text-mist-300 ring-1 ring-white/10 transition-colors hover:bg-accent-500 hover:text-ink-950"
                  >
                    <Icon size={17} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterLinks heading="Quick Links" links={QUICK_LINKS} />
        <FooterLinks heading="Legal" links={LEGAL_LINKS} />
        <RecentlyViewed />
      </div>
      <div className="border-t border-white/5">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 py-5 text-mist-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {siteName}. All rights reserved.
          </p>
          <div className="flex gap-4">
            <PageLink to="/privacy-policy" className="rounded hover:text-white">
              Privacy Policy
            </PageLink>
            <PageLink to="/terms" className="rounded hover:text-white">
              Terms
            </PageLink>
          </div>
        </div>
      </div>
    </footer>
  );
}
