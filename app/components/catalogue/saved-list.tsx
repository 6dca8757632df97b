import toast from "react-hot-toast";
import { Link } from "react-router";
import { TitleCard } from "#app/components/catalogue/title-card.tsx";
import { type favorites, savedTitleCard, type SavedTitle } from "#app/components/storage/lists.ts";
import { CloseIcon } from "#app/components/ui/icons.tsx";

export function SavedList({
  heading,
  store,
  empty,
  removed,
}: {
  heading: string;
  store: typeof favorites;
  empty: string;
  removed: string;
}) {
  const items = store.useValue();
  const update = store.useUpdate();
  const id = heading.toLowerCase().replace(/\s+/g, "-");
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="mb-4 text-xl font-bold text-white">
        {heading} <span className="text-base font-normal text-mist-400">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl bg-ink-800 px-6 py-10 text-center text-mist-300">
          {empty}{" "}
          <Link to="/" className="font-semibold text-accent-300 underline underline-offset-2">
            Browse the catalogue
          </Link>
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
          {items.map((item: SavedTitle) => (
            <li key={item.id} className="relative">
              <TitleCard title={savedTitleCard(item)} />
              <button
                type="button"
                onClick={() => {
                  update((list) => list.filter((t) => t.id !== item.id));
                  toast.success(removed);
                }}
                className="absolute top-2 right-2 flex h-8 w-8 items-center justify-center rounded-full bg-ink-950/85 text-mist-100 ring-1 ring-white/15 backdrop-blur hover:bg-accent-500 hover:text-ink-950"
                aria-label={`Remove ${item.title} from ${heading.toLowerCase()}`}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
