import { z } from "#app/utils/zod.ts";

/** The Genres settings form, shared by the browser and the action. */

export const GENRE_NAME_MAX = 60;
export const GENRES_SAVED = "Genres saved";
export const GENRES_UNCHANGED = "No changes to save";
export const GENRES_CHANGED_ELSEWHERE = "The genre list changed since this page was loaded. Reload it and try again.";
export const GENRE_NAME_REQUIRED = "Enter the genre's name";
export const genreNameTaken = (name: string) => `Another genre is already called “${name}”`;

export interface GenreEdit {
  id: number;
  name: string;
  hidden: boolean;
}

/** The form posts `id`, `name` and `hidden` once per genre, in the new order (a repeated field is an array). */
const list = z.union([z.string().transform((v) => [v]), z.array(z.string())]);

export const genresFormSchema = z
  .object({
    id: list,
    name: list,
    // Checked boxes only: the ids of the hidden genres.
    hidden: list.optional(),
  })
  .transform((input, ctx): GenreEdit[] => {
    if (input.id.length !== input.name.length || input.id.some((id) => !/^[1-9]\d{0,9}$/.test(id))) {
      ctx.addIssue({ code: "custom", path: [], message: GENRES_CHANGED_ELSEWHERE });
      return z.NEVER;
    }
    const hidden = new Set(input.hidden ?? []);
    const edits = input.id.map((id, i) => ({ id: Number(id), name: input.name[i]!.trim().replace(/\s+/g, " "), hidden: hidden.has(id) }));
    edits.forEach((e, i) => {
      if (!e.name) ctx.addIssue({ code: "custom", path: ["genres", i, "name"], message: GENRE_NAME_REQUIRED });
      else if (e.name.length > GENRE_NAME_MAX) {
        ctx.addIssue({ code: "custom", path: ["genres", i, "name"], message: `Must be at most ${GENRE_NAME_MAX} characters` });
      }
    });
    return edits;
  });
