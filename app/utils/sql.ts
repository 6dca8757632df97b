/** Escapes LIKE's wildcards (and the escape character) so user text matches literally; use with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
