import { createContext, useContext, type Dispatch, type SetStateAction } from "react";
import type { EditorErrors, EditorValues } from "#app/modules/catalogue/admin-form.ts";
import type { TitleRef } from "#app/modules/catalogue/types.ts";

/** How the editor's sections change the form's values (the editor holds them in one state). */
export type SetValues = Dispatch<SetStateAction<EditorValues>>;

/** Parts of a saved title a row of the editor stands for. */
export type SavedPart = "screenshot" | "release" | "link" | "zip";

export interface EditorContextValue {
  errors: EditorErrors;
  /**
   * Removes a saved row: runs `apply` to drop it from the form (the save deletes
   * it) and lets the editor note it. Absent on the Add screen, where nothing is saved yet.
   */
  removeSaved?: (part: SavedPart, id: number, apply: () => void) => void;
  /** A delete is on its way: removing more waits for it. */
  removing: boolean;
  /** The toaster this editor's messages go to (a modal dialog has its own). */
  toasterId?: string;
  /** The TMDB button fills the form (Add) or reviews differences field by field (Edit). */
  tmdbMode?: "fill" | "refresh";
  /** The catalogue's genre names, offered as the Genres field is typed in. */
  genreNames?: readonly string[];
  /** The title a refused save's TMDB or IMDb id already belongs to: the id's message links to it. */
  duplicateOf?: TitleRef | null;
}

export const EditorContext = createContext<EditorContextValue>({ errors: {}, removing: false });

export function useEditor(): EditorContextValue {
  return useContext(EditorContext);
}

/** Removes a row from the form: a saved one through the editor's note of it, an unsaved one plainly. */
export function useRemoveRow() {
  const { removeSaved } = useEditor();
  return (part: SavedPart, id: number | undefined, apply: () => void) => {
    if (id !== undefined && removeSaved) removeSaved(part, id, apply);
    else apply();
  };
}

/** The messages of one field. */
export function useFieldError(key: string): string[] | undefined {
  return useEditor().errors[key];
}
