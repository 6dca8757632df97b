import type { ReactNode } from "react";

/**
 * The frame of a text page (help, legal, about): a heading, an optional lead
 * paragraph, then prose. `aside` sits beside the text on wide screens.
 */
export function StaticPage({ title, lead, children, aside }: { title: string; lead?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={aside ? "grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]" : ""}>
      <article className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 text-lg leading-relaxed text-mist-300">{lead}</p>}
        <div className="prose-cinedex mt-8">{children}</div>
      </article>
      {aside && <aside className="lg:pt-2">{aside}</aside>}
    </div>
  );
}
