// Real titles with the near-misses issue 16 names, for the search tests.
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { setPopularity } from "#app/modules/search/popularity.server.ts";

export interface Film {
  title: string;
  year: number;
  votes?: number;
  directors?: string[];
  cast?: string[];
  originalTitle?: string;
  type?: "movie" | "tv";
}

/** Real titles with the near-misses the issue names; votes stand for TMDB/IMDb popularity. */
export const FILMS: Film[] = [
  { title: "Psycho", year: 1960, votes: 700_000, directors: ["Alfred Hitchcock"], cast: ["Anthony Perkins"] },
  { title: "Psycho", year: 1998, votes: 45_000, directors: ["Gus Van Sant"], cast: ["Vince Vaughn"] },
  { title: "American Psycho", year: 2000, votes: 650_000, directors: ["Mary Harron"], cast: ["Christian Bale"] },
  { title: "Titanic", year: 1996, votes: 3_000, type: "tv" },
  { title: "Titanic", year: 1997, votes: 1_200_000, directors: ["James Cameron"], cast: ["Leonardo DiCaprio", "Kate Winslet"] },
  { title: "2001: A Space Odyssey", year: 1968, votes: 700_000, directors: ["Stanley Kubrick"] },
  { title: "2001 Maniacs", year: 2005, votes: 15_000 },
  { title: "The Godfather", year: 1972, votes: 2_000_000, directors: ["Francis Ford Coppola"], cast: ["Marlon Brando", "Al Pacino"] },
  { title: "The Godfather Part II", year: 1974, votes: 1_300_000, directors: ["Francis Ford Coppola"], cast: ["Al Pacino"] },
  { title: "3 Godfathers", year: 1948, votes: 9_000, directors: ["John Ford"] },
  { title: "The Ex", year: 2006, votes: 10_000 },
  { title: "The Dark Knight", year: 2008, votes: 2_800_000, directors: ["Christopher Nolan"], cast: ["Christian Bale"] },
  { title: "Spirited", year: 2022, votes: 60_000 },
  { title: "Spirited Away", year: 2001, votes: 850_000, originalTitle: "Sen to Chihiro no Kamikakushi" },
  { title: "Indiana Jones and the Last Crusade", year: 1989, votes: 800_000, directors: ["Steven Spielberg"], cast: ["Harrison Ford"] },
  { title: "Indiana Jones and the Temple of Doom", year: 1984, votes: 500_000, directors: ["Steven Spielberg"], cast: ["Harrison Ford"] },
  { title: "Harry Potter and the Sorcerer's Stone", year: 2001, votes: 850_000, directors: ["Chris Columbus"] },
  { title: "The Matrix", year: 1999, votes: 2_000_000, directors: ["Lana Wachowski", "Lilly Wachowski"], cast: ["Keanu Reeves"] },
  { title: "The Mating", year: 2009, votes: 200 },
  { title: "Glory", year: 1989, votes: 150_000 },
  { title: "Rocky", year: 1976, votes: 650_000, cast: ["Sylvester Stallone"] },
  { title: "Rocky IV", year: 1985, votes: 400_000, cast: ["Sylvester Stallone"] },
  { title: "12 Angry Men", year: 1957, votes: 850_000, directors: ["Sidney Lumet"] },
  { title: "Ocean's Eleven", year: 2001, votes: 600_000, directors: ["Steven Soderbergh"] },
  { title: "Frozen", year: 2013, votes: 700_000 },
  { title: "Frozen II", year: 2019, votes: 200_000 },
  { title: "The Frozen Ground", year: 2013, votes: 70_000 },
  { title: "Forrest Gump", year: 1994, votes: 2_200_000, directors: ["Robert Zemeckis"], cast: ["Tom Hanks"] },
  { title: "Goodfellas", year: 1990, votes: 1_200_000, directors: ["Martin Scorsese"], cast: ["Robert De Niro"] },
  { title: "WALL·E", year: 2008, votes: 1_100_000, directors: ["Andrew Stanton"] },
  { title: "Beach Party", year: 1963, votes: 3_000, cast: ["Deborah Walley"] },
  { title: "Spider-Man", year: 2002, votes: 900_000, directors: ["Sam Raimi"] },
  { title: "Alien³", year: 1992, votes: 300_000, directors: ["David Fincher"] },
  { title: "Dumb & Dumber", year: 1994, votes: 400_000 },
  { title: "El laberinto del fauno", year: 2006, votes: 700_000, directors: ["Guillermo del Toro"] },
];

export async function fillFilms(db: Db) {
  for (const [i, f] of FILMS.entries()) {
    const created = await createTitle(db, {
      type: f.type ?? "movie",
      title: f.title,
      originalTitle: f.originalTitle ?? null,
      releaseDate: `${f.year}-06-01`,
      directors: f.directors ?? [],
      cast: (f.cast ?? []).map((name) => ({ name, character: null })),
      // Upload order opposite to popularity would decide ties without the signal.
      uploadedAt: `2026-06-01T12:${String(59 - i).padStart(2, "0")}:00.000Z`,
    });
    if (f.votes) await setPopularity(db, created.id, { votes: f.votes });
  }
}
