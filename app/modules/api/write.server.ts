import type { Db } from "#app/db/client.server.ts";
import type { LinkStatus } from "#app/db/schema.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { addTitle, removeFromTitle, saveTitle } from "#app/modules/editorial/titles.server.ts";
import { titleToInput } from "#app/modules/catalogue/export.server.ts";
import { linkContext, setLinksStatus } from "#app/modules/catalogue/link-refs.server.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import type { ParsedTitleInput, TitleInput } from "#app/modules/catalogue/schema.ts";
import type { TitleDetail } from "#app/modules/catalogue/types.ts";
import { parseTitleInput } from "#app/modules/catalogue/write.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { apiLink, getApiTitle, writtenTitle } from "./read.server.ts";
import type { ApiLink, ApiTitle } from "./schemas.ts";
import { tokenActor, type ApiToken } from "./tokens.server.ts";

/**
 * The write API's operations (ADR 034): the admin editor's own audited writes
 * (editorial/titles.server.ts: same validation, same id-keeping save), with the
 * token's name as the actor. Writes are round-trip safe: a title read with a
 * catalogue:write token and sent back unchanged (PUT) changes nothing, and a link
 * sent with its id keeps its stored address when its url is left out or is the
 * site's own download page for it (what anonymous reads show).
 */

const noTitle = (id: number) => new AppError(404, `No title has the id ${id}.`);

export async function createApiTitle(db: Db, publicUrl: string, token: ApiToken, body: unknown): Promise<ApiTitle> {
  const title = await addTitle(db, tokenActor(token), body as TitleInput);
  return getApiTitle(db, publicUrl, title.id, "writer");
}

/** The stored title as the editor's input, with every row's id: what a writer's GET amounts to. */
function storedInput(title: TitleDetail): TitleInput {
  return {
    ...titleToInput(title),
    releases: title.releases.map((r) => ({
      id: r.id,
      quality: r.quality,
      season: r.season,
      files: r.files.map((f) => ({
        id: f.id,
        title: f.title,
        size: f.size,
        links: f.links.map((l) => ({ id: l.id, label: l.label, url: l.url, status: l.status })),
      })),
      zipLinks: r.zipLinks.map((l) => ({ id: l.id, label: l.label, url: l.url, size: l.size, status: l.status })),
    })),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The link id a url names when it is this site's download page (/middleman?id=N or /page3?id=N), else null. */
function ownLinkId(publicUrl: string, url: string): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url, publicUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(publicUrl).origin || !/^\/(?:middleman|page3)\/?$/.test(parsed.pathname)) return null;
  const id = Number(parsed.searchParams.get("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
}

/**
 * Gives each link sent with its id and without an address, or with the site's own
 * download page for it as its address, the address stored for it (in `current`,
 * the title being replaced). The site's download page is never stored as a host's
 * address: one that names another link, or comes without the link's id, is refused.
 * Anything not shaped like a title is left for validation to name.
 */
export function resolveLinkAddresses(body: unknown, current: TitleDetail | null, publicUrl: string): unknown {
  if (!isObject(body) || !Array.isArray(body.releases)) return body;
  const stored = new Map<string, string>();
  for (const release of current?.releases ?? []) {
    for (const link of [...release.files.flatMap((f) => f.links), ...release.zipLinks]) stored.set(`${link.kind}:${link.id}`, link.url);
  }
  const fields: Record<string, string[]> = {};
  const resolve = (link: unknown, kind: "file" | "zip", path: string): unknown => {
    if (!isObject(link)) return link;
    const id = typeof link.id === "number" ? link.id : null;
    const own = typeof link.url === "string" ? ownLinkId(publicUrl, link.url) : null;
    const keep = id !== null && (link.url === undefined || own === id) ? stored.get(`${kind}:${id}`) : undefined;
    if (keep !== undefined) return { ...link, url: keep };
    if (own !== null) {
      fields[`${path}.url`] = [
        "This is this site's download page for a link, not a file host's address. To keep a link's address, send the link with its id and leave url out (or send back the address the API gave).",
      ];
    }
    return link;
  };
  const releases = body.releases.map((release: unknown, r) => {
    if (!isObject(release)) return release;
    const files = Array.isArray(release.files)
      ? release.files.map((file: unknown, f) =>
          isObject(file) && Array.isArray(file.links)
            ? { ...file, links: file.links.map((l: unknown, i) => resolve(l, "file", `releases.${r}.files.${f}.links.${i}`)) }
            : file,
        )
      : release.files;
    const zipLinks = Array.isArray(release.zipLinks)
      ? release.zipLinks.map((l: unknown, i) => resolve(l, "zip", `releases.${r}.zipLinks.${i}`))
      : release.zipLinks;
    return { ...release, files, zipLinks };
  });
  if (Object.keys(fields).length) throw new AppError(400, "Some links have no address of their own.", { fields });
  return { ...body, releases };
}

/** PUT's body before validation: links referenced by id keep their stored addresses. */
export async function prepareTitleBody(db: Db, publicUrl: string, id: number | undefined, body: unknown): Promise<unknown> {
  const current = id === undefined ? null : await getTitle(db, id, { includeDisabled: true });
  return resolveLinkAddresses(body, current, publicUrl);
}

/** Validated input as compared with the stored title: a TMDB figure left out keeps the stored one (null and absent compare equal). */
function comparable(input: ParsedTitleInput, current: TitleDetail): string {
  const { tmdbPopularity, tmdbVoteAverage, tmdbVoteCount, ...rest } = input;
  const kept = <T>(given: T | undefined, stored: T) => (given === undefined ? stored : given);
  return JSON.stringify([
    rest,
    kept(tmdbPopularity, current.tmdbPopularity),
    kept(tmdbVoteAverage, current.tmdbVoteAverage),
    kept(tmdbVoteCount, current.tmdbVoteCount),
  ]);
}

/** Saves `input` over `current`, unless it is what is stored already: then nothing is written (no audit entry, updatedAt kept). */
async function replaceApiTitle(db: Db, publicUrl: string, token: ApiToken, current: TitleDetail, input: unknown): Promise<ApiTitle> {
  const parsed = parseTitleInput(input);
  if (comparable(parsed, current) === comparable(parseTitleInput(storedInput(current)), current)) return writtenTitle(publicUrl, current);
  const saved = await saveTitle(db, tokenActor(token), current.id, parsed);
  return writtenTitle(publicUrl, saved);
}

export async function updateApiTitle(db: Db, publicUrl: string, token: ApiToken, id: number, body: unknown): Promise<ApiTitle> {
  const current = await getTitle(db, id, { includeDisabled: true });
  if (!current) throw noTitle(id);
  return replaceApiTitle(db, publicUrl, token, current, body);
}

/** RFC 7396 JSON Merge Patch: objects merge member by member, null removes a member, anything else (arrays too) replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = {};
  const set = (key: string, value: unknown) =>
    // defineProperty: a member named __proto__ is data, not the object's prototype.
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  if (isObject(target)) for (const [key, value] of Object.entries(target)) set(key, value);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else set(key, mergePatch(result[key], value));
  }
  return result;
}

/**
 * PATCH: the patch applied to the title as stored (a writer's GET, with the hosts'
 * addresses), then saved as PUT saves. Arrays are replaced whole (RFC 7396), so a
 * release list sent in a patch is the new list, its rows kept by id as in PUT.
 */
export async function patchApiTitle(db: Db, publicUrl: string, token: ApiToken, id: number, patch: unknown): Promise<ApiTitle> {
  const current = await getTitle(db, id, { includeDisabled: true });
  if (!current) throw noTitle(id);
  const merged = resolveLinkAddresses(mergePatch(storedInput(current), patch), current, publicUrl);
  return replaceApiTitle(db, publicUrl, token, current, merged);
}

export async function deleteApiTitle(db: Db, token: ApiToken, id: number): Promise<void> {
  if (!(await getTitle(db, id, { includeDisabled: true }))) throw noTitle(id);
  await removeFromTitle(db, tokenActor(token), id, "title", id);
}

export async function updateApiLink(db: Db, publicUrl: string, token: ApiToken, id: number, status: LinkStatus): Promise<ApiLink> {
  return inTransaction(db, async (trx) => {
    const link = await linkContext(trx, id);
    if (!link) throw new AppError(404, `No link has the id ${id}.`);
    if (link.status !== status) {
      await setLinksStatus(trx, [id], status);
      await bumpContentVersion(trx);
      await recordAudit(trx, tokenActor(token), {
        action: "link.update",
        entityType: "link",
        entityId: id,
        summary: `Marked the link “${link.label}” of “${link.title.title}” ${status}`,
        details: { titleId: link.titleId, from: link.status, to: status },
      });
    }
    return apiLink(publicUrl, { ...link, status }, "writer");
  });
}
