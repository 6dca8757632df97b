// Demo catalogue: US public-domain feature films and TV episodes, linked to where they are legally hosted.
// Links point to the Internet Archive (archive.org) and to Wikimedia Commons media searches; no files are hosted here.
// Only Internet Archive identifiers verified against independent public sources are linked directly
// (details/download pages and the item image); every other title uses an archive.org search URL instead.
// A title with a verified identifier takes the item's own image (the archive's image service) as its
// poster, and the item's page, where the film itself plays, as its trailer; the others, and any poster
// whose host is unreachable, get the generated poster. Backgrounds are left null: the item image is a
// thumbnail about 180 px wide, so pages wash it, blurred, into their background instead
// (docs/demo-artwork.md lists every title's artwork and why).
import type { TitleInput } from "#app/modules/catalogue/schema.ts";

type Quality = "480p" | "720p" | "1080p";
type Link = { label: string; url: string };

/** encodeURIComponent, plus the characters it leaves alone that archive.org expects escaped. */
function encodeQuery(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An archive.org movies search, which always resolves even when no single item is known. */
function archiveSearch(title: string, year?: number): string {
  const query = year === undefined ? `title:(${title})` : `title:(${title}) AND year:${year}`;
  return `https://archive.org/search?query=${encodeQuery(query)}&and%5B%5D=mediatype%3A%22movies%22`;
}

/** A free-text archive.org movies search, used for TV episodes (their items rarely share one title format). */
function archiveTextSearch(phrases: string[]): string {
  const query = phrases.map((p) => `"${p}"`).join(" ");
  return `https://archive.org/search?query=${encodeQuery(query)}&and%5B%5D=mediatype%3A%22movies%22`;
}

/** A Wikimedia Commons video search. */
function commonsSearch(terms: string): string {
  return `https://commons.wikimedia.org/w/index.php?search=${encodeQuery(terms).replace(/%20/g, "+")}&title=Special:MediaSearch&type=video`;
}

const archiveDetails = (id: string) => `https://archive.org/details/${id}`;
const archiveDownload = (id: string) => `https://archive.org/download/${id}`;
const archiveThumb = (id: string) => `https://archive.org/services/img/${id}`;

interface FilmSpec {
  title: string;
  originalTitle?: string;
  releaseDate: string;
  directors: string[];
  cast: [name: string, character: string][];
  runtimeMinutes: number | null;
  language: string;
  imdbId: string | null;
  rating?: number | null;
  genres: string[];
  overview: string;
  tagline?: string | null;
  /** A verified Internet Archive identifier; without one, links use archive.org search. */
  archiveId?: string;
  /** Plain words for search URLs when the display title has accents or punctuation. */
  searchTitle?: string;
  qualities: Quality[];
  featuredOrder?: number;
  subtitles?: string[];
}

function filmLinks(spec: FilmSpec, year: number, quality: Quality): Link[] {
  const words = spec.searchTitle ?? spec.title;
  const commons: Link = { label: "wikimedia", url: commonsSearch(`${words} ${year}`) };
  if (!spec.archiveId) {
    return [{ label: "archive.org", url: archiveSearch(words, year) }, commons];
  }
  const details: Link = { label: "archive.org", url: archiveDetails(spec.archiveId) };
  const download: Link = { label: "archive.org", url: archiveDownload(spec.archiveId) };
  if (quality === "480p") return [details, commons];
  if (quality === "720p") return [download, commons];
  return [details, download];
}

function film(spec: FilmSpec): TitleInput {
  const year = Number(spec.releaseDate.slice(0, 4));
  return {
    type: "movie",
    title: spec.title,
    originalTitle: spec.originalTitle ?? null,
    imdbId: spec.imdbId,
    overview: spec.overview,
    tagline: spec.tagline ?? null,
    releaseDate: spec.releaseDate,
    runtimeMinutes: spec.runtimeMinutes,
    rating: spec.rating ?? null,
    language: spec.language,
    posterUrl: spec.archiveId ? archiveThumb(spec.archiveId) : null,
    backgroundUrl: null,
    // Public-domain films: the archive item is the whole film, which is its best trailer.
    trailerUrl: spec.archiveId ? archiveDetails(spec.archiveId) : null,
    fileFormat: "mp4",
    featured: spec.featuredOrder !== undefined,
    featuredOrder: spec.featuredOrder ?? null,
    genres: spec.genres,
    directors: spec.directors,
    cast: spec.cast.map(([name, character]) => ({ name, character })),
    subtitles: spec.subtitles ?? ["English"],
    screenshots: spec.archiveId ? [archiveThumb(spec.archiveId)] : [],
    releases: spec.qualities.map((quality) => ({
      quality,
      season: null,
      files: [{ title: `${spec.title} (${year}) ${quality}`, size: null, links: filmLinks(spec, year, quality) }],
    })),
  };
}

interface SeriesSpec {
  title: string;
  originalTitle?: string;
  releaseDate: string;
  directors: string[];
  cast: [name: string, character: string][];
  genres: string[];
  overview: string;
  tagline?: string | null;
  /** Series name quoted alongside each episode title in archive.org searches. */
  searchTitle: string;
  seasons: { season: number; episodes: [episode: number, title: string][] }[];
  qualities: Quality[];
}

const pad = (n: number) => String(n).padStart(2, "0");

function series(spec: SeriesSpec): TitleInput {
  return {
    type: "tv",
    title: spec.title,
    originalTitle: spec.originalTitle ?? null,
    imdbId: null,
    overview: spec.overview,
    tagline: spec.tagline ?? null,
    releaseDate: spec.releaseDate,
    runtimeMinutes: null,
    rating: null,
    language: "English",
    posterUrl: null,
    backgroundUrl: null,
    trailerUrl: null,
    fileFormat: "mp4",
    featured: false,
    featuredOrder: null,
    genres: spec.genres,
    directors: spec.directors,
    cast: spec.cast.map(([name, character]) => ({ name, character })),
    subtitles: ["English"],
    screenshots: [],
    releases: spec.seasons.flatMap(({ season, episodes }) =>
      spec.qualities.map((quality) => ({
        quality,
        season: `Season ${season}`,
        files: episodes.map(([episode, title]) => ({
          title: `S${pad(season)}E${pad(episode)} - ${title}`,
          size: null,
          links: [
            {
              label: "archive.org",
              url: archiveTextSearch(title.includes(spec.searchTitle) ? [title] : [spec.searchTitle, title]),
            },
          ],
        })),
      })),
    ),
  };
}

const films: FilmSpec[] = [
  {
    title: "Nosferatu",
    originalTitle: "Nosferatu, eine Symphonie des Grauens",
    releaseDate: "1922-03-04",
    directors: ["F. W. Murnau"],
    cast: [
      ["Max Schreck", "Count Orlok"],
      ["Gustav von Wangenheim", "Thomas Hutter"],
      ["Greta Schröder", "Ellen Hutter"],
      ["Alexander Granach", "Knock"],
    ],
    runtimeMinutes: 94,
    language: "German",
    imdbId: "tt0013442",
    genres: ["Horror", "Fantasy"],
    overview:
      "A young estate agent travels to the Carpathian mountains to close a property sale with the reclusive Count Orlok, only to learn that his client feeds on the living. When Orlok sails for the agent's home town, plague and dread travel with him. Murnau's unauthorised reworking of Dracula remains a cornerstone of German Expressionist horror.",
    tagline: "The shadow that started it all.",
    archiveId: "Nosferatu_most_complete_version_93_mins.",
    qualities: ["480p", "720p", "1080p"],
    featuredOrder: 1,
  },
  {
    title: "Night of the Living Dead",
    releaseDate: "1968-10-01",
    directors: ["George A. Romero"],
    cast: [
      ["Duane Jones", "Ben"],
      ["Judith O'Dea", "Barbra"],
      ["Karl Hardman", "Harry Cooper"],
      ["Marilyn Eastman", "Helen Cooper"],
      ["Keith Wayne", "Tom"],
    ],
    runtimeMinutes: 96,
    language: "English",
    imdbId: "tt0063350",
    rating: 7.8,
    genres: ["Horror", "Thriller"],
    overview:
      "As the recently dead rise and attack the living, a handful of strangers barricade themselves inside a remote Pennsylvania farmhouse. The quarrels inside the house prove almost as dangerous as the ghouls outside. George A. Romero's low-budget debut reinvented the zombie film.",
    tagline: "Board up the windows and pray for morning.",
    archiveId: "night_of_the_living_dead",
    qualities: ["480p", "720p", "1080p"],
    featuredOrder: 2,
  },
  {
    title: "Metropolis",
    releaseDate: "1927-01-10",
    directors: ["Fritz Lang"],
    cast: [
      ["Brigitte Helm", "Maria"],
      ["Alfred Abel", "Joh Fredersen"],
      ["Gustav Fröhlich", "Freder Fredersen"],
      ["Rudolf Klein-Rogge", "Rotwang"],
    ],
    runtimeMinutes: 153,
    language: "German",
    imdbId: "tt0017136",
    rating: 8.3,
    genres: ["Sci-Fi", "Drama"],
    overview:
      "In a towering city of the future, the pampered son of its ruler discovers the workers who toil among the machines beneath the streets. His sympathy for them, and for the gentle Maria, collides with his father's plans and an inventor's sinister machine double. Fritz Lang's epic set the visual template for screen science fiction.",
    tagline: "A city of machines, a heart in revolt.",
    archiveId: "Metropolis_1927",
    qualities: ["480p", "720p", "1080p"],
    featuredOrder: 3,
  },
  {
    title: "His Girl Friday",
    releaseDate: "1940-01-18",
    directors: ["Howard Hawks"],
    cast: [
      ["Cary Grant", "Walter Burns"],
      ["Rosalind Russell", "Hildy Johnson"],
      ["Ralph Bellamy", "Bruce Baldwin"],
      ["Gene Lockhart", "Sheriff Hartwell"],
      ["John Qualen", "Earl Williams"],
    ],
    runtimeMinutes: 92,
    language: "English",
    imdbId: "tt0032599",
    genres: ["Comedy", "Romance", "HollyWood"],
    overview:
      "Newspaper editor Walter Burns will try any trick to stop his star reporter, and ex-wife, Hildy Johnson from quitting to marry a mild insurance man. A prisoner's escape on the eve of his execution hands Walter the perfect bait. Howard Hawks keeps the overlapping dialogue racing at a pace few comedies have matched.",
    tagline: "Deadlines, double-crosses and a divorce that won't stick.",
    archiveId: "his_girl_friday",
    qualities: ["480p", "720p", "1080p"],
    featuredOrder: 4,
  },
  {
    title: "The General",
    releaseDate: "1926-12-31",
    directors: ["Buster Keaton", "Clyde Bruckman"],
    cast: [
      ["Buster Keaton", "Johnnie Gray"],
      ["Marion Mack", "Annabelle Lee"],
      ["Glen Cavender", "Captain Anderson"],
      ["Jim Farley", "General Thatcher"],
    ],
    runtimeMinutes: 79,
    language: "English",
    imdbId: "tt0017925",
    rating: 8.1,
    genres: ["Comedy", "Action", "Adventure", "HollyWood"],
    overview:
      "When Union spies steal his beloved locomotive, with his sweetheart on board, a Confederate engine driver gives chase single-handed deep into enemy territory. Buster Keaton performs breathtaking stunts on real moving trains in this Civil War comedy, inspired by the Great Locomotive Chase of 1862.",
    tagline: "One man, one engine, no brakes.",
    archiveId: "TheGeneral1926",
    qualities: ["480p", "720p", "1080p"],
    featuredOrder: 5,
  },
  {
    title: "Charade",
    releaseDate: "1963-12-05",
    directors: ["Stanley Donen"],
    cast: [
      ["Cary Grant", "Peter Joshua"],
      ["Audrey Hepburn", "Regina Lampert"],
      ["Walter Matthau", "Hamilton Bartholomew"],
      ["James Coburn", "Tex Panthollow"],
      ["George Kennedy", "Herman Scobie"],
    ],
    runtimeMinutes: 113,
    language: "English",
    imdbId: "tt0056923",
    genres: ["Comedy", "Romance", "Thriller", "HollyWood"],
    overview:
      "Suddenly widowed in Paris, Regina Lampert learns that her late husband stole a fortune and that three menacing former comrades want it back. A charming stranger offers to help, yet his name keeps changing. Stanley Donen mixes romance, comedy and suspense around Cary Grant and Audrey Hepburn.",
    tagline: "Trust no one, least of all the charming ones.",
    archiveId: "charade-1963-cary-grant-audrey-hepburn-comedy-mystery-romance-thriller-full-movie",
    qualities: ["480p", "720p", "1080p"],
    featuredOrder: 6,
  },
  {
    title: "Detour",
    releaseDate: "1945-11-30",
    directors: ["Edgar G. Ulmer"],
    cast: [
      ["Tom Neal", "Al Roberts"],
      ["Ann Savage", "Vera"],
      ["Claudia Drake", "Sue Harvey"],
      ["Edmund MacDonald", "Charles Haskell Jr."],
    ],
    runtimeMinutes: 68,
    language: "English",
    imdbId: "tt0037638",
    genres: ["Crime", "Thriller", "Drama"],
    overview:
      "Hitchhiking from New York to Los Angeles to reach his girlfriend, nightclub pianist Al Roberts accepts a lift that ends with a dead driver and a borrowed identity. Then he picks up a passenger who seems to know exactly what happened. A lean, fatalistic film noir made on a shoestring.",
    archiveId: "detour1945HD",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Little Shop of Horrors",
    releaseDate: "1960-09-14",
    directors: ["Roger Corman"],
    cast: [
      ["Jonathan Haze", "Seymour Krelboin"],
      ["Jackie Joseph", "Audrey Fulquard"],
      ["Mel Welles", "Gravis Mushnick"],
      ["Dick Miller", "Burson Fouch"],
      ["Jack Nicholson", "Wilbur Force"],
    ],
    runtimeMinutes: 72,
    language: "English",
    imdbId: "tt0054033",
    genres: ["Comedy", "Horror"],
    overview:
      "Clumsy florist's assistant Seymour raises a strange hybrid plant that draws customers to a failing Skid Row flower shop. The catch is that it only thrives on human blood, and its appetite keeps growing. Roger Corman's quickly shot black comedy includes an early turn from Jack Nicholson.",
    archiveId: "TheLittleShopOfHorrors1960",
    qualities: ["480p", "720p"],
  },
  {
    title: "Carnival of Souls",
    releaseDate: "1962-09-26",
    directors: ["Herk Harvey"],
    cast: [
      ["Candace Hilligoss", "Mary Henry"],
      ["Frances Feist", "Mrs. Thomas"],
      ["Sidney Berger", "John Linden"],
      ["Art Ellison", "The Minister"],
      ["Herk Harvey", "The Man"],
    ],
    runtimeMinutes: 80,
    language: "English",
    imdbId: "tt0055830",
    genres: ["Horror", "Thriller"],
    overview:
      "After surviving a car's plunge off a bridge, church organist Mary Henry takes a new job in Salt Lake City, but a pale, grinning figure keeps appearing wherever she goes. She also feels drawn to an abandoned lakeside pavilion. A dreamlike independent chiller shot largely in Lawrence, Kansas.",
    archiveId: "CarnivalOfSouls",
    qualities: ["480p", "720p"],
  },
  {
    title: "Plan 9 from Outer Space",
    releaseDate: "1957-03-15",
    directors: ["Edward D. Wood Jr."],
    cast: [
      ["Gregory Walcott", "Jeff Trent"],
      ["Mona McKinnon", "Paula Trent"],
      ["Tor Johnson", "Inspector Clay"],
      ["Maila Nurmi", "Vampire Girl"],
      ["Bela Lugosi", "Ghoul Man"],
    ],
    runtimeMinutes: 79,
    language: "English",
    imdbId: "tt0052077",
    genres: ["Sci-Fi", "Horror"],
    overview:
      "Aliens alarmed by humanity's weapons research raise the dead from a California cemetery to force the world to listen. An airline pilot, his wife and a few soldiers and policemen stand in their way. Ed Wood's famously threadbare science-fiction film has become a beloved cult object.",
    archiveId: "Plan_9_from_Outer_Space_1959",
    qualities: ["480p", "720p"],
  },
  {
    title: "House on Haunted Hill",
    releaseDate: "1959-02-17",
    directors: ["William Castle"],
    cast: [
      ["Vincent Price", "Frederick Loren"],
      ["Carol Ohmart", "Annabelle Loren"],
      ["Richard Long", "Lance Schroeder"],
      ["Alan Marshal", "Dr. David Trent"],
      ["Elisha Cook Jr.", "Watson Pritchard"],
    ],
    runtimeMinutes: 75,
    language: "English",
    imdbId: "tt0051744",
    genres: ["Horror", "Thriller", "HollyWood"],
    overview:
      "An eccentric millionaire offers five strangers ten thousand dollars apiece if they last the night in a house with a murderous history. His wife suspects the party is a trap, and he suspects her. William Castle's gleefully gimmicky shocker is led by Vincent Price.",
    archiveId: "house_on_haunted_hill_ipod",
    qualities: ["480p", "720p"],
  },
  {
    title: "Dementia 13",
    releaseDate: "1963-09-25",
    directors: ["Francis Ford Coppola"],
    cast: [
      ["William Campbell", "Richard Haloran"],
      ["Luana Anders", "Louise Haloran"],
      ["Bart Patton", "Billy Haloran"],
      ["Mary Mitchel", "Kane"],
      ["Patrick Magee", "Justin Caleb"],
    ],
    runtimeMinutes: 75,
    language: "English",
    imdbId: null,
    genres: ["Horror", "Thriller"],
    overview:
      "When her husband dies suddenly, a scheming widow hides his death and travels to his family's Irish castle to secure an inheritance. The family is still mourning a daughter who drowned years before, and someone with an axe is stalking the grounds. Francis Ford Coppola's first mainstream feature, produced by Roger Corman.",
    archiveId: "Dementia131963",
    qualities: ["480p", "720p"],
  },
  {
    title: "Broken Blossoms",
    releaseDate: "1919-05-13",
    directors: ["D. W. Griffith"],
    cast: [
      ["Lillian Gish", "Lucy Burrows"],
      ["Richard Barthelmess", "Cheng Huan"],
      ["Donald Crisp", "Battling Burrows"],
    ],
    runtimeMinutes: 90,
    language: "English",
    imdbId: "tt0009968",
    genres: ["Drama", "Romance"],
    overview:
      "In London's Limehouse district, a gentle Chinese immigrant shelters a young girl who has been beaten by her brutal prizefighter father. Their fragile bond cannot survive the father's rage. A tender, tragic Griffith melodrama, though its casting and depiction of its Chinese hero reflect the prejudices of its era.",
    archiveId: "BrokenBlossoms",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Kid",
    releaseDate: "1921-01-21",
    directors: ["Charlie Chaplin"],
    cast: [
      ["Charlie Chaplin", "A Tramp"],
      ["Jackie Coogan", "The Kid"],
      ["Edna Purviance", "The Woman"],
      ["Carl Miller", "The Man"],
    ],
    runtimeMinutes: 68,
    language: "English",
    imdbId: "tt0012349",
    genres: ["Comedy", "Drama", "Family"],
    overview:
      "A tramp reluctantly takes in an abandoned baby, and five years later the pair get by with a scheme of breaking windows and then mending them. When the authorities try to take the boy away, the Tramp fights to keep his makeshift family together. Chaplin's first feature as director blends slapstick with real heartache.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Safety Last!",
    releaseDate: "1923-04-01",
    directors: ["Fred C. Newmeyer", "Sam Taylor"],
    cast: [
      ["Harold Lloyd", "The Boy"],
      ["Mildred Davis", "The Girl"],
      ["Bill Strother", "The Pal"],
      ["Noah Young", "The Law"],
    ],
    runtimeMinutes: 70,
    language: "English",
    imdbId: "tt0014429",
    rating: 8.1,
    genres: ["Comedy", "Romance"],
    overview:
      "A small-town young man heads to the city to make his fortune and pretends to his sweetheart that he already has. A publicity stunt meant to earn a bonus leaves him scaling the outside of a department store himself. Harold Lloyd hanging from the clock face became one of the defining images of silent film.",
    searchTitle: "Safety Last",
    qualities: ["480p", "720p"],
  },
  {
    title: "Sherlock Jr.",
    releaseDate: "1924-04-21",
    directors: ["Buster Keaton"],
    cast: [
      ["Buster Keaton", "Projectionist / Sherlock Jr."],
      ["Kathryn McGuire", "The Girl"],
      ["Joe Keaton", "The Girl's Father"],
      ["Ward Crane", "The Local Sheik"],
    ],
    runtimeMinutes: 45,
    language: "English",
    imdbId: "tt0015324",
    rating: 8.2,
    genres: ["Comedy", "Fantasy", "Romance"],
    overview:
      "A cinema projectionist who dreams of being a detective is framed for stealing a watch from his sweetheart's father. Dozing off at work, he walks straight into the film on the screen and becomes the brilliant sleuth he longs to be. Keaton's visual trickery still astonishes.",
    searchTitle: "Sherlock Jr",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Cabinet of Dr. Caligari",
    originalTitle: "Das Cabinet des Dr. Caligari",
    releaseDate: "1920-02-26",
    directors: ["Robert Wiene"],
    cast: [
      ["Werner Krauss", "Dr. Caligari"],
      ["Conrad Veidt", "Cesare"],
      ["Friedrich Fehér", "Francis"],
      ["Lil Dagover", "Jane"],
    ],
    runtimeMinutes: 75,
    language: "German",
    imdbId: "tt0010323",
    rating: 8.0,
    genres: ["Horror", "Thriller"],
    overview:
      "A young man recalls how a sinister showman and his sleepwalking servant arrived at a town fair just as a string of murders began. His hunt for the truth leads to an asylum and a final twist. Its painted, jagged sets make it the defining work of German Expressionism.",
    searchTitle: "Cabinet of Dr Caligari",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Gold Rush",
    releaseDate: "1925-06-26",
    directors: ["Charlie Chaplin"],
    cast: [
      ["Charlie Chaplin", "The Lone Prospector"],
      ["Georgia Hale", "Georgia"],
      ["Mack Swain", "Big Jim McKay"],
      ["Tom Murray", "Black Larsen"],
    ],
    runtimeMinutes: 95,
    language: "English",
    imdbId: "tt0015864",
    rating: 8.1,
    genres: ["Comedy", "Adventure"],
    overview:
      "A lone prospector braves the Klondike, shares a starving cabin with a hulking miner and falls for a dance-hall girl in a boomtown. Between blizzards and teetering cliffs come the boiled-boot supper and the dance of the bread rolls. One of Chaplin's most cherished features.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Phantom of the Opera",
    releaseDate: "1925-09-06",
    directors: ["Rupert Julian"],
    cast: [
      ["Lon Chaney", "The Phantom"],
      ["Mary Philbin", "Christine Daaé"],
      ["Norman Kerry", "Raoul de Chagny"],
      ["Arthur Edmund Carewe", "Ledoux"],
    ],
    runtimeMinutes: 93,
    language: "English",
    imdbId: "tt0016220",
    genres: ["Horror", "Romance"],
    overview:
      "A masked figure who haunts the cellars beneath the Paris Opera coaches a young singer, Christine, and plots to make her a star. Once she sees what lies behind the mask, his devotion turns to menace. Lon Chaney's unmasking remains one of horror cinema's great shocks.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Battleship Potemkin",
    originalTitle: "Bronenosets Potyomkin",
    releaseDate: "1925-12-21",
    directors: ["Sergei Eisenstein"],
    cast: [
      ["Aleksandr Antonov", "Grigory Vakulinchuk"],
      ["Vladimir Barsky", "Commander Golikov"],
      ["Grigori Aleksandrov", "Chief Officer Giliarovsky"],
    ],
    runtimeMinutes: 75,
    language: "Russian",
    imdbId: "tt0015648",
    genres: ["Drama", "History"],
    overview:
      "In 1905 the crew of a Russian battleship rise against their officers after being served maggot-ridden meat. The mutiny wins the sympathy of the people of Odessa, until soldiers march down the city's great steps. Eisenstein's montage changed how films are cut together.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Passion of Joan of Arc",
    originalTitle: "La Passion de Jeanne d'Arc",
    releaseDate: "1928-04-21",
    directors: ["Carl Theodor Dreyer"],
    cast: [
      ["Renée Jeanne Falconetti", "Jeanne d'Arc"],
      ["Eugène Silvain", "Bishop Pierre Cauchon"],
      ["André Berley", "Jean d'Estivet"],
      ["Maurice Schutz", "Nicolas Loyseleur"],
      ["Antonin Artaud", "Jean Massieu"],
    ],
    runtimeMinutes: 82,
    language: "French",
    imdbId: "tt0019254",
    genres: ["Drama", "History", "Biography"],
    overview:
      "In 1431 the young Joan faces a tribunal of churchmen determined to break her will. Through relentless questioning she holds to her faith while the stake awaits. Dreyer tells the story almost entirely in close-ups, anchored by Falconetti's overwhelming performance.",
    searchTitle: "Passion of Joan of Arc",
    qualities: ["480p", "720p"],
  },
  {
    title: "Sunrise: A Song of Two Humans",
    releaseDate: "1927-09-23",
    directors: ["F. W. Murnau"],
    cast: [
      ["George O'Brien", "The Man"],
      ["Janet Gaynor", "The Wife"],
      ["Margaret Livingston", "The Woman from the City"],
    ],
    runtimeMinutes: 94,
    language: "English",
    imdbId: "tt0018455",
    rating: 8.1,
    genres: ["Drama", "Romance", "HollyWood"],
    overview:
      "A farmer infatuated with a woman from the city is talked into drowning his wife. Out on the lake he cannot do it, and the couple's day in the city becomes a journey back to each other. Murnau's first American film is a luminous fable about love.",
    searchTitle: "Sunrise",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Lodger",
    originalTitle: "The Lodger: A Story of the London Fog",
    releaseDate: "1927-02-14",
    directors: ["Alfred Hitchcock"],
    cast: [
      ["Ivor Novello", "The Lodger"],
      ["June Tripp", "Daisy Bunting"],
      ["Malcolm Keen", "Joe Chandler"],
      ["Marie Ault", "Mrs. Bunting"],
      ["Arthur Chesney", "Mr. Bunting"],
    ],
    runtimeMinutes: 90,
    language: "English",
    imdbId: "tt0017075",
    genres: ["Thriller", "Crime"],
    overview:
      "A secretive young man rents a room in a London house just as a killer calling himself the Avenger is preying on fair-haired women. His landlady grows suspicious and her daughter's policeman suitor grows jealous. Hitchcock's early thriller already shows his fascination with the wrongly suspected man.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Jazz Singer",
    releaseDate: "1927-10-06",
    directors: ["Alan Crosland"],
    cast: [
      ["Al Jolson", "Jakie Rabinowitz / Jack Robin"],
      ["May McAvoy", "Mary Dale"],
      ["Warner Oland", "Cantor Rabinowitz"],
      ["Eugenie Besserer", "Sara Rabinowitz"],
    ],
    runtimeMinutes: 88,
    language: "English",
    imdbId: "tt0018037",
    genres: ["Drama", "Romance", "HollyWood"],
    overview:
      "The son of a devout cantor defies his father to sing popular songs and builds a stage career under a new name. On the eve of his Broadway opening he must choose between the show and his family's Yom Kippur service. Its synchronised songs ushered in the talkie era; it also contains blackface performance.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Wings",
    releaseDate: "1927-08-12",
    directors: ["William A. Wellman"],
    cast: [
      ["Clara Bow", "Mary Preston"],
      ["Charles 'Buddy' Rogers", "Jack Powell"],
      ["Richard Arlen", "David Armstrong"],
      ["Gary Cooper", "Cadet White"],
    ],
    runtimeMinutes: 144,
    language: "English",
    imdbId: "tt0018578",
    genres: ["Action", "Drama", "Romance", "HollyWood"],
    overview:
      "Two young men from the same town, rivals for the same girl, enlist as fighter pilots in the First World War. In the skies over France the rivalry becomes a deep friendship, tested by combat and loss. The first winner of the Academy's top award, still admired for its aerial photography.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Nanook of the North",
    releaseDate: "1922-06-11",
    directors: ["Robert J. Flaherty"],
    cast: [["Allakariallak", "Nanook"]],
    runtimeMinutes: 78,
    language: "English",
    imdbId: "tt0013427",
    genres: ["Documentary"],
    overview:
      "Robert Flaherty follows an Inuk hunter and his family through the hardships of life in the Canadian Arctic: hunting walrus and seal, trading furs and building an igloo against the cold. Often called the first feature-length documentary, it also contains scenes staged for the camera.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Our Hospitality",
    releaseDate: "1923-11-19",
    directors: ["Buster Keaton", "John G. Blystone"],
    cast: [
      ["Buster Keaton", "Willie McKay"],
      ["Natalie Talmadge", "Virginia Canfield"],
      ["Joe Roberts", "Joseph Canfield"],
    ],
    runtimeMinutes: null,
    language: "English",
    imdbId: "tt0014341",
    genres: ["Comedy", "Romance"],
    overview:
      "Travelling south to claim an inheritance, young Willie McKay falls for the daughter of the family that has feuded with his own for generations. As long as he is a guest under their roof the code of hospitality protects him, so he is in no hurry to leave. Keaton's period comedy ends with a daring waterfall rescue.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Navigator",
    releaseDate: "1924-10-13",
    directors: ["Buster Keaton", "Donald Crisp"],
    cast: [
      ["Buster Keaton", "Rollo Treadway"],
      ["Kathryn McGuire", "Betsy O'Brien"],
      ["Frederick Vroom", "John O'Brien"],
    ],
    runtimeMinutes: 59,
    language: "English",
    imdbId: "tt0015163",
    genres: ["Comedy", "Adventure"],
    overview:
      "A pampered millionaire and the heiress who turned down his proposal find themselves alone on an empty ocean liner drifting out to sea. Neither can cook, sail or cope, and a hostile island lies ahead. A showcase for Keaton's genius with machinery and props.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Last Laugh",
    originalTitle: "Der letzte Mann",
    releaseDate: "1924-12-23",
    directors: ["F. W. Murnau"],
    cast: [
      ["Emil Jannings", "The Doorman"],
      ["Maly Delschaft", "His Niece"],
      ["Max Hiller", "Her Bridegroom"],
    ],
    runtimeMinutes: null,
    language: "German",
    imdbId: "tt0015064",
    genres: ["Drama"],
    overview:
      "An ageing hotel doorman who treasures his splendid uniform is demoted to washroom attendant, and the humiliation spreads through his tenement neighbourhood. Murnau tells the story with almost no intertitles, letting a restless, free-moving camera do the talking.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Faust",
    originalTitle: "Faust – Eine deutsche Volkssage",
    releaseDate: "1926-10-14",
    directors: ["F. W. Murnau"],
    cast: [
      ["Gösta Ekman", "Faust"],
      ["Emil Jannings", "Mephisto"],
      ["Camilla Horn", "Gretchen"],
    ],
    runtimeMinutes: null,
    language: "German",
    imdbId: "tt0016847",
    genres: ["Fantasy", "Horror", "Drama"],
    overview:
      "To win a wager with an archangel, the demon Mephisto sets out to corrupt the aged scholar Faust, tempting him with youth in exchange for his soul. Faust's new life leads him to the innocent Gretchen, with tragic results. Murnau's last German film is a feast of light and shadow.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Häxan",
    releaseDate: "1922-09-18",
    directors: ["Benjamin Christensen"],
    cast: [
      ["Benjamin Christensen", "The Devil"],
      ["Maren Pedersen", "The Witch"],
      ["Clara Pontoppidan", "Sister Cecilia"],
    ],
    runtimeMinutes: null,
    language: "Swedish",
    imdbId: "tt0013257",
    genres: ["Horror", "Documentary", "Fantasy"],
    overview:
      "Part illustrated essay, part dramatisation, this study of witchcraft moves from medieval superstition to the witch trials and compares them with the nervous disorders of the filmmaker's own day. Its vivid scenes of devil worship and inquisition scandalised early audiences.",
    searchTitle: "Haxan",
    qualities: ["480p", "720p"],
  },
  {
    title: "Scarlet Street",
    releaseDate: "1945-12-28",
    directors: ["Fritz Lang"],
    cast: [
      ["Edward G. Robinson", "Christopher Cross"],
      ["Joan Bennett", "Kitty March"],
      ["Dan Duryea", "Johnny Prince"],
      ["Rosalind Ivan", "Adele Cross"],
    ],
    runtimeMinutes: 102,
    language: "English",
    imdbId: "tt0038057",
    genres: ["Crime", "Drama", "Thriller", "HollyWood"],
    overview:
      "A meek cashier who paints on Sundays falls for a young woman who, with her brutal boyfriend, sets out to bleed him for money. When his canvases begin selling under her name, the deceit spirals toward murder. Fritz Lang's bleak noir reunites the three leads of The Woman in the Window.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Thief of Bagdad",
    releaseDate: "1924-03-18",
    directors: ["Raoul Walsh"],
    cast: [
      ["Douglas Fairbanks", "The Thief of Bagdad"],
      ["Julanne Johnston", "The Princess"],
      ["Snitz Edwards", "His Evil Associate"],
      ["Anna May Wong", "The Mongol Slave"],
    ],
    runtimeMinutes: null,
    language: "English",
    imdbId: "tt0015361",
    genres: ["Adventure", "Fantasy", "Romance"],
    overview:
      "A carefree thief slips into the Caliph's palace and falls for the princess. To win her he must outdo rival princes in a quest for the rarest treasure, facing monsters and enchantments on the way. Douglas Fairbanks's lavish fantasy is full of flying carpets and towering sets.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Steamboat Bill, Jr.",
    releaseDate: "1928-05-12",
    directors: ["Charles Reisner", "Buster Keaton"],
    cast: [
      ["Buster Keaton", "William Canfield Jr."],
      ["Ernest Torrence", "William 'Steamboat Bill' Canfield Sr."],
      ["Marion Byron", "Kitty King"],
      ["Tom McGuire", "John James King"],
      ["Tom Lewis", "Tom Carter"],
    ],
    runtimeMinutes: 71,
    language: "English",
    imdbId: "tt0019421",
    genres: ["Comedy", "Action", "Romance"],
    overview:
      "A burly riverboat captain is dismayed when his college-educated son turns up with a beret and a ukulele, and worse, falls for the daughter of his business rival. A cyclone finally gives the young man a chance to prove himself. Home to Keaton's famous falling house-front stunt.",
    searchTitle: "Steamboat Bill Jr",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Last Man on Earth",
    originalTitle: "L'ultimo uomo della Terra",
    releaseDate: "1964-03-08",
    directors: ["Ubaldo Ragona", "Sidney Salkow"],
    cast: [
      ["Vincent Price", "Dr. Robert Morgan"],
      ["Franca Bettoia", "Ruth Collins"],
      ["Emma Danieli", "Virginia Morgan"],
      ["Giacomo Rossi-Stuart", "Ben Cortman"],
    ],
    runtimeMinutes: 86,
    language: "English",
    imdbId: "tt0058700",
    genres: ["Horror", "Sci-Fi"],
    overview:
      "Three years after a plague turned humanity into vampire-like creatures, scientist Robert Morgan spends his days hunting them and his nights barricaded at home. The discovery that someone else may be alive upends his grim routine. The first screen adaptation of Richard Matheson's I Am Legend.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Meet John Doe",
    releaseDate: "1941-03-12",
    directors: ["Frank Capra"],
    cast: [
      ["Gary Cooper", "Long John Willoughby"],
      ["Barbara Stanwyck", "Ann Mitchell"],
      ["Edward Arnold", "D. B. Norton"],
      ["Walter Brennan", "The Colonel"],
      ["Spring Byington", "Mrs. Mitchell"],
    ],
    runtimeMinutes: 122,
    language: "English",
    imdbId: "tt0033891",
    genres: ["Comedy", "Drama", "Romance", "HollyWood"],
    overview:
      "A columnist about to lose her job invents a letter from an unemployed 'John Doe' who threatens to end his life on Christmas Eve in protest. When readers take the story to heart, the paper hires a down-and-out former ballplayer to play the part, and a national movement grows around him. Frank Capra's fable asks who really owns a popular cause.",
    qualities: ["480p", "720p"],
  },
  {
    title: "My Man Godfrey",
    releaseDate: "1936-09-06",
    directors: ["Gregory La Cava"],
    cast: [
      ["William Powell", "Godfrey"],
      ["Carole Lombard", "Irene Bullock"],
      ["Alice Brady", "Angelica Bullock"],
      ["Gail Patrick", "Cornelia Bullock"],
      ["Eugene Pallette", "Alexander Bullock"],
    ],
    runtimeMinutes: 94,
    language: "English",
    imdbId: "tt0028010",
    genres: ["Comedy", "Romance", "HollyWood"],
    overview:
      "During a society scavenger hunt, scatterbrained heiress Irene Bullock brings home a 'forgotten man' from a riverside dump and makes him the family butler. Godfrey turns out to be far saner than the wealthy household he serves. A sparkling Depression-era screwball comedy.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Intolerance",
    releaseDate: "1916-09-05",
    directors: ["D. W. Griffith"],
    cast: [
      ["Lillian Gish", "The Woman Who Rocks the Cradle"],
      ["Mae Marsh", "The Dear One"],
      ["Robert Harron", "The Boy"],
      ["Constance Talmadge", "The Mountain Girl"],
    ],
    runtimeMinutes: null,
    language: "English",
    imdbId: "tt0006864",
    genres: ["Drama", "History"],
    overview:
      "Four stories from different ages, the fall of Babylon, the Passion of Christ, the St. Bartholomew's Day massacre and a modern American tale of injustice, are cut together to show intolerance across history. D. W. Griffith built colossal sets for this sprawling, ambitious epic.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Way Down East",
    releaseDate: "1920-09-03",
    directors: ["D. W. Griffith"],
    cast: [
      ["Lillian Gish", "Anna Moore"],
      ["Richard Barthelmess", "David Bartlett"],
      ["Lowell Sherman", "Lennox Sanderson"],
      ["Burr McIntosh", "Squire Bartlett"],
    ],
    runtimeMinutes: 145,
    language: "English",
    imdbId: null,
    genres: ["Drama", "Romance"],
    overview:
      "A naive country girl is tricked into a sham marriage by a wealthy seducer, then finds work on a New England farm where her past eventually catches up with her. Turned out into a blizzard, she ends up on a river of breaking ice. Griffith's melodrama is famous for its perilous climax with Lillian Gish.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Freshman",
    releaseDate: "1925-09-20",
    directors: ["Fred C. Newmeyer", "Sam Taylor"],
    cast: [
      ["Harold Lloyd", "Harold 'Speedy' Lamb"],
      ["Jobyna Ralston", "Peggy"],
      ["Brooks Benedict", "The College Cad"],
      ["James Anderson", "Chester A. Trask"],
    ],
    runtimeMinutes: 76,
    language: "English",
    imdbId: null,
    genres: ["Comedy", "Romance"],
    overview:
      "Desperate to be the most popular man at Tate University, a naive freshman copies the antics of a movie hero and becomes the campus joke without realising it. His chance at glory comes on the football field. One of Harold Lloyd's biggest hits.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Ben-Hur: A Tale of the Christ",
    releaseDate: "1925-12-30",
    directors: ["Fred Niblo"],
    cast: [
      ["Ramon Novarro", "Judah Ben-Hur"],
      ["Francis X. Bushman", "Messala"],
      ["May McAvoy", "Esther"],
      ["Betty Bronson", "Mary"],
      ["Claire McDowell", "Princess of Hur"],
    ],
    runtimeMinutes: 141,
    language: "English",
    imdbId: "tt0016641",
    genres: ["Adventure", "Drama", "History", "HollyWood"],
    overview:
      "A Jewish prince in Roman-ruled Judea is betrayed by his boyhood friend Messala and condemned to the galleys. Years later he returns to find his family and settle the score in a chariot race. MGM's colossal silent epic was the most expensive film of its time.",
    searchTitle: "Ben-Hur",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Big Parade",
    releaseDate: "1925-11-05",
    directors: ["King Vidor"],
    cast: [
      ["John Gilbert", "James Apperson"],
      ["Renée Adorée", "Melisande"],
      ["Karl Dane", "Slim Jensen"],
      ["Tom O'Brien", "Bull O'Hara"],
      ["Hobart Bosworth", "Mr. Apperson"],
    ],
    runtimeMinutes: 151,
    language: "English",
    imdbId: "tt0015624",
    genres: ["Drama", "Romance", "History", "HollyWood"],
    overview:
      "An idle rich man's son enlists in 1917, befriends two working-class soldiers and falls for a French farm girl while billeted in her village. Then the orders come to march to the front. King Vidor's war drama was one of the biggest box-office successes of the silent era.",
    qualities: ["480p", "720p"],
  },
  {
    title: "Greed",
    releaseDate: "1924-12-04",
    directors: ["Erich von Stroheim"],
    cast: [
      ["Gibson Gowland", "McTeague"],
      ["ZaSu Pitts", "Trina"],
      ["Jean Hersholt", "Marcus Schouler"],
    ],
    runtimeMinutes: 140,
    language: "English",
    imdbId: "tt0015881",
    genres: ["Drama", "Crime"],
    overview:
      "A San Francisco dentist marries his best friend's sweetheart, who soon wins a lottery prize. Jealousy, avarice and poverty ruin all three, and the story ends in the furnace of Death Valley. Erich von Stroheim's masterpiece survives only in the version the studio drastically cut.",
    qualities: ["480p", "720p"],
  },
  {
    title: "The Brain That Wouldn't Die",
    releaseDate: "1962-05-03",
    directors: ["Joseph Green"],
    cast: [
      ["Jason Evers", "Dr. Bill Cortner"],
      ["Virginia Leith", "Jan Compton"],
      ["Leslie Daniel", "Kurt"],
      ["Adele Lamont", "Doris Powell"],
      ["Eddie Carmel", "The Monster"],
    ],
    runtimeMinutes: 82,
    language: "English",
    imdbId: null,
    genres: ["Horror", "Sci-Fi"],
    overview:
      "After a car crash decapitates his fiancée, a reckless surgeon keeps her head alive in his country laboratory while he searches for a new body. She, meanwhile, reaches out to the creature he keeps locked behind a door. A lurid cult shocker that sat on the shelf for years before its release.",
    searchTitle: "Brain That Wouldn't Die",
    qualities: ["480p", "720p"],
  },
];

const tvSeries: SeriesSpec[] = [
  {
    title: "Sherlock Holmes",
    releaseDate: "1954-10-18",
    directors: ["Steve Previn", "Jack Gage"],
    cast: [
      ["Ronald Howard", "Sherlock Holmes"],
      ["Howard Marion Crawford", "Dr. John Watson"],
      ["Archie Duncan", "Inspector Lestrade"],
      ["Richard Larke", "Sergeant Wilkins"],
    ],
    genres: ["TV-Shows", "Crime", "Drama"],
    overview:
      "Ronald Howard plays a youthful, good-humoured Sherlock Holmes opposite Howard Marion Crawford's Dr. Watson in this half-hour syndicated series filmed in France. Most of its 39 episodes are original mysteries rather than straight adaptations of Conan Doyle. The series is in the public domain in the United States.",
    searchTitle: "Sherlock Holmes",
    seasons: [
      {
        season: 1,
        episodes: [
          [1, "The Case of the Cunningham Heritage"],
          [2, "The Case of Lady Beryl"],
          [11, "The Red Headed League"],
          [12, "The Case of the Shoeless Engineer"],
          [13, "The Case of the Split Ticket"],
          [14, "The Case of the French Interpreter"],
          [16, "The Case of the Greystone Inscription"],
          [17, "The Case of the Laughing Mummy"],
        ],
      },
    ],
    qualities: ["480p", "720p"],
  },
  {
    title: "Flash Gordon",
    releaseDate: "1954-10-01",
    directors: ["Wallace Worsley Jr.", "Gunther von Fritsch"],
    cast: [
      ["Steve Holland", "Flash Gordon"],
      ["Irene Champlin", "Dale Arden"],
      ["Joseph Nash", "Dr. Hans Zarkov"],
      ["Henry Beckman", "Commander Paul Richards"],
    ],
    genres: ["TV-Shows", "Sci-Fi", "Adventure"],
    overview:
      "In the year 3203, Flash Gordon, Dale Arden and Dr. Zarkov serve as agents of the Galactic Bureau of Investigation, flying the Sky Flash from one endangered planet to the next. The half-hour adventures were filmed in West Berlin and Marseille. The series' copyright has lapsed and it is in the public domain.",
    searchTitle: "Flash Gordon",
    seasons: [
      {
        season: 1,
        episodes: [
          [1, "Flash Gordon and the Planet of Death"],
          [2, "Escape Into Time"],
          [3, "The Electro Man"],
          [4, "The Vengeance of Rabeed"],
          [5, "Akim the Terrible"],
          [6, "The Claim Jumpers"],
          [7, "The Dancing Death"],
          [8, "The Breath of Death"],
        ],
      },
    ],
    qualities: ["480p", "720p"],
  },
  {
    title: "One Step Beyond",
    originalTitle: "Alcoa Presents: One Step Beyond",
    releaseDate: "1959-01-20",
    directors: ["John Newland"],
    cast: [["John Newland", "Host"]],
    genres: ["TV-Shows", "Fantasy", "Thriller", "Drama"],
    overview:
      "Host and director John Newland introduces dramatised accounts of premonitions, hauntings and other unexplained events, each presented as drawn from the human record. The anthology premiered on ABC in January 1959, months ahead of The Twilight Zone, and many of its episodes circulate as public-domain copies.",
    searchTitle: "One Step Beyond",
    seasons: [
      {
        season: 1,
        episodes: [
          [1, "The Bride Possessed"],
          [2, "Night of April 14th"],
          [3, "Emergency Only"],
          [4, "The Dark Room"],
          [7, "The Dream"],
        ],
      },
    ],
    qualities: ["480p", "720p"],
  },
];

export const demoCatalogue: TitleInput[] = [...films.map(film), ...tvSeries.map(series)];
