import { useEffect, useState, type ReactNode } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import type { GenreSuggestionItem, PersonSuggestionItem, Suggestion, SuggestionGroups } from "#app/modules/search/types.ts";
import { GridIcon, SearchIcon, UsersIcon } from "#app/components/ui/icons.tsx";
import { TitleThumb } from "#app/components/catalogue/title-thumb.tsx";

const SUGGEST_DELAY_MS = 150;
const MIN_SUGGEST_LENGTH = 2;

/** One option of the suggestion list: where it leads and how it is drawn. */
interface Option {
  key: string;
  href: string;
  view: ReactNode;
}

/** The suggestion groups in the order shown: titles, then people, then genres; empty ones left out. */
function optionGroups(data: SuggestionGroups | undefined): { label: string; options: Option[] }[] {
  if (!data) return [];
  return [
    {
      label: "Titles",
      options: data.items.map((item) => ({ key: `title-${item.id}`, href: item.href, view: <TitleOption item={item} /> })),
    },
    {
      label: "People",
      options: (data.people ?? []).map((p) => ({ key: `person-${p.name}`, href: p.href, view: <PersonOption person={p} /> })),
    },
    { label: "Genres", options: (data.genres ?? []).map((g) => ({ key: `genre-${g.id}`, href: g.href, view: <GenreOption genre={g} /> })) },
  ].filter((group) => group.options.length > 0);
}

/**
 * The navbar's search: Enter searches (blank does nothing); while typing, up to
 * eight titles, three people and two genres are suggested in an ARIA combobox
 * (grouped options): arrow keys move through all of them, Enter opens the
 * highlighted one, Escape closes the list.
 */
export function SearchBox({ id, initial, autoFocus = false }: { id: string; initial: string; autoFocus?: boolean }) {
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const fetcher = useFetcher<SuggestionGroups>();
  const { load } = fetcher;
  const navigate = useNavigate();
  const listId = `${id}-suggestions`;

  const query = text.trim();
  useEffect(() => {
    if (query.length < MIN_SUGGEST_LENGTH) return;
    const timer = setTimeout(() => void load(`/api/suggest?q=${encodeURIComponent(query)}`), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, load]);

  const groups = query.length >= MIN_SUGGEST_LENGTH ? optionGroups(fetcher.data) : [];
  const items = groups.flatMap((group) => group.options);
  const expanded = open && items.length > 0;
  const highlighted = expanded && active >= 0 && active < items.length ? active : -1;

  const go = (item: Option) => {
    setOpen(false);
    setActive(-1);
    void navigate(item.href);
  };

  return (
    <Form
      method="get"
      action="/"
      role="search"
      aria-label="Search the catalogue"
      className="relative w-full"
      onSubmit={(event) => {
        if (!query) event.preventDefault();
        setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search movies
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search movies..."
        autoComplete="off"
        autoFocus={autoFocus}
        maxLength={200}
        required
        value={text}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (items.length === 0) return;
            event.preventDefault();
            setOpen(true);
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((i) => (i < 0 ? (step > 0 ? 0 : items.length - 1) : (i + step + items.length) % items.length));
          } else if (event.key === "Enter" && highlighted >= 0) {
            event.preventDefault();
            go(items[highlighted]!);
          } else if (event.key === "Escape" && expanded) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            setActive(-1);
          }
        }}
        className="h-10 w-full rounded-full border border-white/10 bg-ink-800/80 pr-11 pl-4 text-sm text-white placeholder:text-mist-400 focus:border-accent-400/60 focus:bg-ink-800 focus:outline-none focus-visible:outline-2"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 flex h-8 w-8 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white"
        aria-label="Search"
      >
        <SearchIcon size={18} />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-12 z-50 max-h-[70vh] overflow-auto rounded-xl bg-ink-800 p-1.5 shadow-2xl shadow-black/60 ring-1 ring-white/10"
      >
        {groups.map((group) => (
          <div key={group.label} role="group" aria-labelledby={`${listId}-${group.label}`}>
            {/* The heading is for the group's name; with titles alone it is only read out. */}
            <div
              id={`${listId}-${group.label}`}
              role="presentation"
              className={groups.length > 1 ? "px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-mist-400 uppercase" : "sr-only"}
            >
              {group.label}
            </div>
            {group.options.map((item) => {
              const i = items.indexOf(item);
              return (
                <div
                  key={item.key}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === highlighted}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => go(item)}
                  className={`flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 ${i === highlighted ? "bg-white/10" : ""}`}
                >
                  {item.view}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded ? `${items.length} ${items.length === 1 ? "suggestion" : "suggestions"}` : ""}
      </p>
    </Form>
  );
}

function TitleOption({ item }: { item: Suggestion }) {
  return (
    <>
      <TitleThumb title={item.title} url={item.posterUrl} className="h-12 w-8" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-white">{item.title}</span>
        <span className="text-xs text-mist-400">{[item.year, item.type === "tv" ? "TV series" : "Movie"].filter(Boolean).join(" · ")}</span>
      </span>
    </>
  );
}

/** The round badge before a person or a genre, where a title has its poster. */
function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white/8 text-mist-300" aria-hidden="true">
      {children}
    </span>
  );
}

function PersonOption({ person }: { person: PersonSuggestionItem }) {
  return (
    <>
      <Badge>
        <UsersIcon size={16} />
      </Badge>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-white">{person.name}</span>
        <span className="text-xs text-mist-400">{person.role === "director" ? "Director" : "Cast"}</span>
      </span>
    </>
  );
}

function GenreOption({ genre }: { genre: GenreSuggestionItem }) {
  return (
    <>
      <Badge>
        <GridIcon size={16} />
      </Badge>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-white">{genre.name}</span>
        <span className="text-xs text-mist-400">Genre</span>
      </span>
    </>
  );
}
