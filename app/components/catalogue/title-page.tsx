import { useEffect } from "react";
import { DownloadList } from "#app/components/catalogue/download-list.tsx";
import { TitleHeader } from "#app/components/catalogue/title-header.tsx";
import { ScreenshotGallery } from "#app/components/catalogue/screenshot-gallery.tsx";
import { TitleActions } from "#app/components/catalogue/title-actions.tsx";
import { TitleRow } from "#app/components/catalogue/title-row.tsx";
import { QuickRequest } from "#app/components/catalogue/quick-request.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { pushFront, recentlyViewed, type SavedTitle } from "#app/components/storage/lists.ts";
import { genrePath } from "#app/modules/catalogue/paths.ts";
import { type titleStructuredData } from "#app/modules/catalogue/structured-data.ts";
import type { TitleCard, TitleDetail } from "#app/modules/catalogue/types.ts";
import { jsonLd } from "#app/utils/seo.ts";

export function TitlePage({
  title,
  related,
  structuredData,
}: {
  title: TitleDetail;
  /** "More like this" (related.server.ts). */
  related: TitleCard[];
  structuredData: ReturnType<typeof titleStructuredData>;
}) {
  const nonce = useNonce();
  const saved: SavedTitle = {
    id: title.id,
    slug: title.slug,
    title: title.title,
    poster: title.posterUrl,
    year: title.year,
    type: title.type,
    timestamp: 0,
  };
  const updateRecent = recentlyViewed.useUpdate();
  useEffect(() => {
    updateRecent((list) => pushFront(list, { ...saved, timestamp: Date.now() }));
    // Recorded once per title viewed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title.id]);

  return (
    <article>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd(structuredData) }} />
      <TitleHeader
        title={title}
        releaseRegion="IN"
        genres={title.genres.map((g) => ({ key: g.id, name: g.name, to: genrePath(g, "movie") }))}
      >
        <TitleActions
          item={saved}
          trailerUrl={title.trailerUrl}
          reportHref={`/broken-links?titleId=${title.id}&contentName=${encodeURIComponent(title.title)}`}
        />
      </TitleHeader>

      <section aria-labelledby="screenshots-heading" className="mt-4">
        <h2 id="screenshots-heading" className="mb-4 text-xl font-bold text-white">
          Screenshots
        </h2>
        <ScreenshotGallery screenshots={title.screenshots} title={title.title} />
      </section>

      <section id="downloads" aria-labelledby="downloads-heading" className="mt-10 scroll-mt-24">
        <h2 id="downloads-heading" className="mb-4 text-xl font-bold text-white">
          Downloads
        </h2>
        <DownloadList
          titleId={title.id}
          type={title.type}
          releases={title.releases}
          facts={{ format: title.fileFormat, language: title.language, subtitles: title.subtitles }}
        />
        <QuickRequest title={title.title} />
      </section>

      {related.length > 0 && (
        <div className="mt-12">
          <TitleRow id="related" heading="More like this" titles={related} />
        </div>
      )}
    </article>
  );
}
