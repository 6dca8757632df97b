import type { ReactNode } from "react";
import { checkSummary, hostsOf } from "#app/modules/catalogue/download-facts.ts";
import type { Link } from "#app/modules/catalogue/types.ts";

/** What a title stores about all of its files: its container format, language and subtitles. */
export interface TitleFileFacts {
  format: string;
  language: string | null;
  subtitles: string[];
}

/**
 * The facts of a download card (a movie's quality, a TV season): size, hosts,
 * format, language, subtitles and the link checker's last word. Only what the
 * catalogue stores: a fact it does not know is left out, never guessed.
 */
export function DownloadFacts({ size, links, title }: { size?: string | null; links: Link[]; title: TitleFileFacts }) {
  const hosts = hostsOf(links);
  const checked = checkSummary(links);
  const facts: [string, ReactNode][] = [];
  if (size) facts.push(["Size", size]);
  if (hosts.length > 0) facts.push([hosts.length === 1 ? "Host" : "Hosts", hosts.join(", ")]);
  if (title.format) facts.push(["Format", title.format.toUpperCase()]);
  if (title.language) facts.push(["Language", title.language]);
  if (title.subtitles.length > 0) facts.push(["Subtitles", title.subtitles.join(", ")]);
  facts.push(["Link check", checked.at ? <time dateTime={checked.at}>{checked.text}</time> : checked.text]);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-mist-400">{term}</dt>
          <dd className="break-words text-mist-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
