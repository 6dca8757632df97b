import { LATEST_WINDOW_DAYS, RESPONSE_TIMES } from "#app/constants.ts";

/** A link inside an answer; its text takes part in the search like the rest. */
export interface FaqLink {
  text: string;
  href: string;
}

/** One run of an answer paragraph: plain text or a link. */
export type FaqInline = string | FaqLink;

export interface FaqEntry {
  /** Stable id, used as the element id (/faq#qualities). */
  id: string;
  question: string;
  /** Paragraphs, each a list of text runs and links. */
  answer: FaqInline[][];
}

/** The ten questions of the FAQ page (docs/product/spec.md section 2, "Other visitor pages"). */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: "how-to-download",
    question: "How do I download a movie or TV show?",
    answer: [
      [
        "Find the title with the search box or a genre and open its page. Choose a quality under Downloads, then pick one of the download options. A short mediator page prepares the link: press Continue, wait for the countdown and press “Continue to download” to reach the host that holds the file.",
      ],
      ["The ", { text: "How to download guide", href: "/how-to-download" }, " walks through every step with tips for common problems."],
    ],
  },
  {
    id: "qualities",
    question: "Which qualities are available? Is there 4K?",
    answer: [
      [
        "Most titles come in 480p, 720p and 1080p, and many also in 4K (2160p). Some releases add 10-bit versions of 720p and 1080p, which keep more detail at a similar size. Each title’s page lists exactly which qualities it has, with file sizes.",
      ],
      ["Lower qualities are smaller and finish sooner; 1080p and 4K look best on large screens."],
    ],
  },
  {
    id: "free",
    question: "Are downloads free?",
    answer: [
      [
        "Yes. Cinedex is free to use and there is no account to create. The hosts that keep the files are separate services: some offer paid plans for faster or unlimited downloads, but you never need one to use Cinedex.",
      ],
    ],
  },
  {
    id: "third-party-sites",
    question: "Why am I redirected to third-party sites?",
    answer: [
      [
        "Cinedex does not store any files. It is a catalogue, and every download link points to a copy kept by a third-party host. Before you leave, the mediator page shows you where the link goes, so you always know when you are leaving Cinedex.",
      ],
      [
        "We do not run or control those sites. Close pop-ups, ignore adverts and never install software a host offers you: a real download is a video file or a zip archive.",
      ],
    ],
  },
  {
    id: "broken-links",
    question: "What should I do if a link is broken?",
    answer: [
      [
        "Try another download option or another quality first. If none of them work, tell us on the ",
        { text: "Report broken links", href: "/broken-links" },
        " page with the title, the season and episode if it is a show, and the quality. We check reported links and replace them as soon as possible.",
      ],
    ],
  },
  {
    id: "daily-updates",
    question: "Is the catalogue updated daily?",
    answer: [
      [
        `New movies and episodes are added almost every day, and the home page lists the latest uploads first. Titles released in the last ${LATEST_WINDOW_DAYS} days carry a Latest tag, so new arrivals are easy to spot.`,
      ],
    ],
  },
  {
    id: "tv-shows",
    question: "Are TV shows available?",
    answer: [
      [
        "Yes. Series sit alongside movies in the catalogue and in search. On a show’s page the downloads are grouped by season and quality: open Episodes to pick single episodes, or take the whole season as one archive where one is offered.",
      ],
    ],
  },
  {
    id: "formats",
    question: "What is the difference between MP4 and MKV?",
    answer: [
      [
        "Both are containers for the same kinds of video. MP4 plays almost everywhere, including phones, tablets and smart TVs. MKV can hold several audio tracks (such as dual audio) and subtitle tracks in one file, which is why many releases use it.",
      ],
      ["If an MKV file will not play, install VLC, a free player for computers and phones that plays both formats."],
    ],
  },
  {
    id: "legal",
    question: "Is it legal to use Cinedex?",
    answer: [
      [
        "Cinedex only lists links to files that third parties host; it does not host, upload or share any files itself. Whether you may download a particular file depends on the laws where you live and on who holds the rights to the work, so check your local rules and respect copyright.",
      ],
      [
        "Rights holders can ask us to remove links through the ",
        { text: "DMCA page", href: "/dmca" },
        `. We act on valid notices within ${RESPONSE_TIMES.dmca}.`,
      ],
    ],
  },
  {
    id: "requests",
    question: "How can I request a movie or show?",
    answer: [
      [
        "Use the ",
        { text: "Request content", href: "/request" },
        ` form with the name, the year and, if you have it, an IMDb link. We review requests within ${RESPONSE_TIMES.request}. If a title is listed but lacks the quality you want, ask for it with one click on the title’s page.`,
      ],
    ],
  },
];

/** The answer as plain text, paragraphs separated by blank lines. */
export function answerText(entry: FaqEntry): string {
  return entry.answer.map((paragraph) => paragraph.map((run) => (typeof run === "string" ? run : run.text)).join("")).join("\n\n");
}

/**
 * Text folded for comparison: compatibility forms (full-width digits, ligatures)
 * unified, accents and case removed, typographic apostrophes made plain.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
}

/**
 * The entries whose question or answer contains every word of the query,
 * ignoring case and accents, in their original order. A blank query keeps all.
 */
export function filterFaq<T extends FaqEntry>(entries: readonly T[], query: string | null | undefined): T[] {
  const terms = foldText(query ?? "")
    .split(/\s+/)
    .filter(Boolean);
  if (terms.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = foldText(`${entry.question}\n${answerText(entry)}`);
    return terms.every((term) => haystack.includes(term));
  });
}
