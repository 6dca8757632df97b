import type { Db } from "#app/db/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { linkContext, titleExists } from "#app/modules/catalogue/link-refs.server.ts";
import { parseLinkDetailsRef } from "#app/modules/catalogue/paths.ts";
import { getLinkDetails } from "#app/modules/catalogue/read.server.ts";
import type { InboxEvent } from "#app/modules/inbox/events.ts";
import { parseId } from "#app/utils/ids.ts";
import type { DmcaForm } from "./schema.ts";

/** A catalogue item a notice names: a whole title, or one link of it. */
export interface DmcaUrlTarget {
  titleId: number;
  linkId: number | null;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function linkTarget(db: Db, linkId: string | null): Promise<DmcaUrlTarget[]> {
  const id = parseId(linkId);
  if (id === null) return [];
  const row = await linkContext(db, id);
  return row ? [{ titleId: row.titleId, linkId: row.id }] : [];
}

/**
 * The catalogue items a content URL names when it points at one of our pages
 * (docs/product/spec.md section 2), on one of the site's origins (PUBLIC_URL, and the address
 * the notice was sent to): a title page names the title; a link-details page each
 * link it lists; the mediator and outgoing pages (?id=) their link. Anything else,
 * including another site's URL, names nothing.
 */
export async function resolveDmcaUrl(db: Db, contentUrl: string, siteOrigins: readonly string[]): Promise<DmcaUrlTarget[]> {
  let url: URL;
  try {
    url = new URL(contentUrl.trim());
  } catch {
    return [];
  }
  if (!siteOrigins.some((origin) => new URL(origin).origin === url.origin)) return [];
  const segments = url.pathname.replace(/\/+$/, "").split("/").slice(1);
  const [page, ...rest] = segments;
  const pageId = parseId(rest[0]);
  if (page === "movie" && rest.length >= 1 && rest.length <= 2 && pageId !== null) {
    return (await titleExists(db, pageId)) ? [{ titleId: pageId, linkId: null }] : [];
  }
  if (page === "desksync" && rest.length === 4 && pageId !== null) {
    const [seasonId, quality, type] = rest.slice(1).map(decode);
    if (seasonId === null || quality === null || type === null) return [];
    const ref = parseLinkDetailsRef(type!, seasonId!, quality!);
    const details = ref ? await getLinkDetails(db, pageId, ref) : null;
    if (!details) return [];
    const links = [...details.files.flatMap((f) => f.links), ...details.zipLinks];
    return links.map((link) => ({ titleId: details.title.id, linkId: link.id }));
  }
  if ((page === "middleman" || page === "page3") && rest.length === 0) return linkTarget(db, url.searchParams.get("id"));
  return [];
}

export interface SubmittedNotice {
  event: InboxEvent;
  targets: DmcaUrlTarget[];
}

/** Stores a DMCA notice as typed, with the catalogue items its URL names (origin 'url'). */
export async function submitDmcaNotice(
  db: Db,
  form: DmcaForm,
  client: { hash: string | null; siteOrigins: readonly string[] },
): Promise<SubmittedNotice> {
  const at = new Date().toISOString();
  const targets = await resolveDmcaUrl(db, form.contentUrl, client.siteOrigins);
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("dmca_notices")
      .values({
        name: form.name,
        email: form.email,
        content_url: form.contentUrl,
        content_type: form.contentType,
        copyright_proof: form.copyrightProof,
        message: form.message,
        declaration: true,
        client_hash: client.hash,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const noticeId = Number(row.id);
    if (targets.length > 0) {
      await trx
        .insertInto("dmca_notice_targets")
        .values(targets.map((t) => ({ notice_id: noticeId, title_id: t.titleId, link_id: t.linkId, origin: "url" as const })))
        .execute();
    }
    return noticeId;
  });
  return {
    targets,
    event: {
      kind: "dmca",
      id,
      merged: false,
      summary: `DMCA notice from ${form.name.trim()}: ${form.contentUrl.trim()}`,
      fields: {
        name: form.name,
        email: form.email,
        contentUrl: form.contentUrl,
        contentType: form.contentType,
        copyrightProof: form.copyrightProof,
        message: form.message,
        declaration: true,
        catalogueItems: targets.length,
      },
      at,
    },
  };
}
