import { SavedList } from "#app/components/catalogue/saved-list.tsx";
import { favorites, watchlist } from "#app/components/storage/lists.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/watchlist";

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Your watchlist and favorites",
    description: "The titles you saved on this device.",
    path: "/watchlist",
    noindex: true,
  });
}

export default function Watchlist() {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Your lists</h1>
      <p className="mt-2 mb-8 text-mist-300">Saved in this browser only: nothing is sent to Cinedex.</p>
      <p className="mb-8 rounded-xl bg-amber-400/10 px-4 py-3 text-amber-200 [html.js_&]:hidden">
        Your lists are kept by JavaScript in this browser; turn it on to see them.
      </p>
      <SavedList heading="Watchlist" store={watchlist} empty="Your watchlist is empty." removed="Removed from watchlist" />
      <SavedList heading="Favorites" store={favorites} empty="You have no favorites yet." removed="Removed from favorites" />
    </div>
  );
}
