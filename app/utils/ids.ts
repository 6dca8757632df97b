import { data } from "react-router";

/** The largest id either database hands out (PostgreSQL `integer`, SQLite keeps within it too). */
export const MAX_ID = 2_147_483_647;

/** A row id from a URL or a form: digits only, no leading zero, within MAX_ID; anything else is null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/**
 * A route parameter that must be an id: a malformed one means the page does not
 * exist, so it answers 404 (with `message` for the error page), as a missing row does.
 */
export function requireId(value: string | undefined, message: string | null = null): number {
  const id = parseId(value);
  if (id === null) throw data(message, { status: 404 });
  return id;
}
