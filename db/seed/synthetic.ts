import { slugify } from "#app/utils/slug.ts";

// Generated catalogue data for benchmarks: plausible shapes and sizes, fake
// names, and link addresses under the reserved .example domain.

const ADJECTIVES = [
  "Silent",
  "Crimson",
  "Last",
  "Hidden",
  "Broken",
  "Golden",
  "Midnight",
  "Distant",
  "Burning",
  "Frozen",
  "Lost",
  "Electric",
  "Savage",
  "Quiet",
  "Restless",
  "Hollow",
  "Wild",
  "Northern",
  "Iron",
  "Velvet",
];
const NOUNS = [
  "Harbor",
  "Kingdom",
  "Signal",
  "Orchard",
  "Frontier",
  "Witness",
  "Garden",
  "Empire",
  "Voyage",
  "Mirror",
  "Station",
  "River",
  "Compass",
  "Lantern",
  "Citadel",
  "Horizon",
  "Archive",
  "Tide",
  "Summit",
  "Engine",
];
const FIRST = [
  "Ava",
  "Liam",
  "Maya",
  "Noah",
  "Zara",
  "Omar",
  "Lena",
  "Ravi",
  "Iris",
  "Hugo",
  "Nia",
  "Kenji",
  "Sofia",
  "Arjun",
  "Elena",
  "Mateo",
];
const LAST = [
  "Hart",
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Tanaka",
  "Reyes",
  "Kapoor",
  "Novak",
  "Brennan",
  "Sato",
  "Haddad",
  "Quinn",
  "Ferreira",
  "Walsh",
];
const LANGUAGES = ["English", "Hindi", "Spanish", "Japanese", "French", "German", "Korean", "Tamil"];
const QUALITIES = ["480p", "720p", "720p 10Bit", "1080p", "1080p 10Bit", "4k"];
const HOSTS = ["instant", "gdrive", "gofile", "pixeldrain", "mega"];
const SUBTITLES = ["English", "Hindi", "Spanish", "Japanese", "French", "German"];

const SYLLABLES = [
  "ka",
  "vel",
  "dor",
  "ri",
  "an",
  "mos",
  "tel",
  "ber",
  "lin",
  "sa",
  "gor",
  "eth",
  "ul",
  "mar",
  "quin",
  "zo",
  "pra",
  "nes",
  "tor",
  "vy",
  "hal",
  "cem",
  "dra",
  "ox",
];

/** mulberry32: small, fast and good enough for test data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const token = (length: number) => Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[int(0, 35)]).join("");
  /** An invented proper name ("Velmostor"), so titles have the rare words real catalogues have. */
  const name = () => {
    const word = Array.from({ length: int(2, 4) }, () => pick(SYLLABLES)).join("");
    return word[0]!.toUpperCase() + word.slice(1);
  };
  return { next, int, pick, token, name };
}

type TitleKey = string;
interface ReleaseRef {
  title: TitleKey;
  position: number;
}

export function syntheticBatch({
  seed,
  offset,
  size,
  genres,
}: {
  seed: number;
  offset: number;
  size: number;
  genres: { id: number; name: string }[];
}) {
  const r = random(seed);
  const tvGenre = genres.find((g) => g.name === "TV-Shows");
  const now = Date.now();
  const titles: Record<string, unknown>[] = [];
  const titleGenres: { title: TitleKey; genre_id: number; position: number }[] = [];
  const credits: { title: TitleKey; role: "director" | "cast"; name: string; character: string | null; position: number }[] = [];
  const subtitles: { title: TitleKey; language: string; position: number }[] = [];
  const screenshots: { title: TitleKey; url: string; position: number }[] = [];
  const releases: { title: TitleKey; ref: ReleaseRef; quality: string; season: string | null; position: number }[] = [];
  const files: { release: ReleaseRef; title: string; size: string; position: number }[] = [];
  const links: {
    release: ReleaseRef;
    filePosition: number | null;
    kind: "file" | "zip";
    label: string;
    url: string;
    size: string | null;
    status: "ok" | "broken";
    position: number;
  }[] = [];

  for (let i = 0; i < size; i++) {
    const serial = offset + i + 1;
    const type = r.next() < 0.8 ? ("movie" as const) : ("tv" as const);
    const name = (() => {
      switch (r.int(0, 5)) {
        case 0:
          return `The ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
        case 1:
          return `${r.pick(NOUNS)} of ${r.name()}`;
        case 2:
          return `${r.pick(FIRST)}'s ${r.pick(NOUNS)}`;
        case 3:
          return `${r.name()}: ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
        case 4:
          return `Return to ${r.name()}`;
        default:
          return `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}s`;
      }
    })();
    const slug = `${slugify(name)}-${serial}`;
    const key: TitleKey = `${type}/${slug}`;
    const year = r.int(1950, 2026);
    const uploaded = new Date(now - (size - i) * 60_000 - r.int(0, 59) * 1_000).toISOString();
    titles.push({
      type,
      slug,
      title: name,
      original_title: null,
      tmdb_id: null,
      imdb_id: null,
      overview: `${name} follows ${r.pick(FIRST)} ${r.pick(LAST)} through a ${r.pick(ADJECTIVES).toLowerCase()} year at the ${r.pick(NOUNS).toLowerCase()}.`,
      tagline: null,
      storyline: null,
      release_date: `${year}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`,
      runtime_minutes: type === "movie" ? r.int(75, 180) : r.int(20, 60),
      rating: Math.round(r.next() * 90 + 10) / 10,
      adult: false,
      language: r.pick(LANGUAGES),
      poster_url: null,
      background_url: null,
      trailer_url: null,
      file_format: r.pick(["mkv", "mkv", "mp4"]),
      featured: false,
      featured_order: null,
      uploaded_at: uploaded,
      created_at: uploaded,
      updated_at: uploaded,
    });

    const chosen = new Set<number>();
    if (type === "tv" && tvGenre) chosen.add(tvGenre.id);
    while (chosen.size < r.int(1, 3)) chosen.add(r.pick(genres).id);
    [...chosen].forEach((genre_id, position) => titleGenres.push({ title: key, genre_id, position }));

    credits.push({ title: key, role: "director", name: `${r.pick(FIRST)} ${r.pick(LAST)}`, character: null, position: 0 });
    for (let c = 1; c <= r.int(2, 5); c++) {
      credits.push({
        title: key,
        role: "cast",
        name: `${r.pick(FIRST)} ${r.next() < 0.5 ? r.pick(LAST) : r.name()}`,
        character: `${r.pick(FIRST)}`,
        position: c,
      });
    }
    subtitles.push({ title: key, language: "English", position: 0 });
    const extra = r.pick(SUBTITLES);
    if (extra !== "English") subtitles.push({ title: key, language: extra, position: 1 });
    for (let s = 0; s < r.int(0, 3); s++) {
      screenshots.push({ title: key, url: `https://img.example/${slug}/${s + 1}.jpg`, position: s });
    }

    const qualities = [...QUALITIES].sort(() => r.next() - 0.5).slice(0, type === "movie" ? r.int(1, 3) : r.int(1, 2));
    const seasons = type === "movie" ? [null] : Array.from({ length: r.int(1, 3) }, (_, s) => `Season ${s + 1}`);
    let position = 0;
    for (const season of seasons) {
      for (const quality of qualities) {
        const release: ReleaseRef = { title: key, position };
        releases.push({ title: key, ref: release, quality, season, position });
        const episodes = season ? r.int(4, 10) : 1;
        for (let f = 0; f < episodes; f++) {
          const fileTitle = season
            ? `S${season.slice(7).padStart(2, "0")}E${String(f + 1).padStart(2, "0")} ${quality}`
            : `${name} (${year}) ${quality}`;
          files.push({ release, title: fileTitle, size: `${(r.next() * (season ? 1.2 : 4) + 0.2).toFixed(1)} GB`, position: f });
          for (let l = 0; l < r.int(1, 3); l++) {
            const host = r.pick(HOSTS);
            links.push({
              release,
              filePosition: f,
              kind: "file",
              label: host,
              url: `https://${host}.example/d/${r.token(12)}`,
              size: null,
              status: r.next() < 0.03 ? "broken" : "ok",
              position: l,
            });
          }
        }
        if (season && r.next() < 0.5) {
          links.push({
            release,
            filePosition: null,
            kind: "zip",
            label: "gdrive",
            url: `https://gdrive.example/zip/${r.token(16)}`,
            size: `${(r.next() * 8 + 2).toFixed(1)} GB`,
            status: "ok",
            position: 0,
          });
        }
        position++;
      }
    }
  }
  return { titles, titleGenres, credits, subtitles, screenshots, releases, files, links };
}
