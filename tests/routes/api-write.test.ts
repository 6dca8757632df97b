import { beforeAll, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import type { LoaderArgs } from "#app/http/api.server.ts";
import { findEarlier, IDEMPOTENCY_LEASE_MS } from "#app/modules/api/idempotency.server.ts";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";
import { openApiDocument } from "#app/modules/api/openapi.ts";
import { API_BASE_PATH } from "#app/modules/api/operations.ts";
import { createApiToken, getApiToken, revokeApiToken } from "#app/modules/api/tokens.server.ts";
import type { TokenScope } from "#app/modules/api/tokens.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { setAccountDisabled } from "#app/modules/api/accounts.server.ts";
import { actorOf, setAdminRole } from "#app/modules/auth/accounts.server.ts";
import { API_TOKEN_FAILURE_RULE } from "#app/modules/limits/rules.ts";
import { getTitle } from "#app/modules/catalogue/read.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { POPULARITY_MESSAGE, VOTE_AVERAGE_MESSAGE, VOTE_COUNT_MESSAGE } from "#app/modules/catalogue/schema.ts";
import { action as inboxItemAction } from "#app/routes/api/v1/inbox-item.ts";
import { loader as inboxLoader } from "#app/routes/api/v1/inbox.ts";
import { action as linkAction } from "#app/routes/api/v1/link.ts";
import { action as titleAction, loader as titleLoader } from "#app/routes/api/v1/title.ts";
import { action as titlesAction, loader as titlesLoader } from "#app/routes/api/v1/titles.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { signIn } from "#tests/helpers/admin.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { freshAddress } from "#tests/helpers/forms.ts";
import { documentChecker } from "#tests/helpers/openapi.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";
import { loseNextCommitAcknowledgement } from "#tests/helpers/lost-commit.ts";

const SITE = "https://cinedex.example";
type Handler = (args: LoaderArgs) => Promise<Response> | Response;
type Method = "get" | "post" | "put" | "patch" | "delete";

let expectDocumented: ReturnType<typeof documentChecker>;
beforeAll(() => {
  expectDocumented = documentChecker(openApiDocument(SITE));
});

interface CallOptions {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  token?: string;
  body?: unknown;
  /** The client's address; a new one per call when absent. */
  client?: string;
}

function call(db: Db, handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const request = new Request(`${SITE}${API_BASE_PATH}${path}`, { method, headers, body });
  const context = routeContext(db, { publicUrl: SITE, clientAddress: options.client ?? freshAddress() });
  return Promise.resolve(handler(routeArgs<LoaderArgs>(request, context, options.params ?? {})));
}

type ProblemBody = { type: string; status: number; detail: string; invalidParams?: { name: string; in: string; reason: string }[] };
type TitleBody = {
  id: number;
  title: string;
  releases: { id: number; files: { id: number; links: { id: number; label: string; status: string }[] }[] }[];
};

describeEachDatabase("the write API", (ctx) => {
  async function token(scope: TokenScope = "catalogue:write", expiry: "7" | "never" = "never", now?: Date) {
    const { admin } = await signIn(ctx.db);
    return createApiToken(ctx.db, actorOf(admin), { name: `script ${scope}`, scope, expiry }, now);
  }

  const doc = (response: Response, path: string, method: Method) => expectDocumented(response, path, method);

  it("creates a title with its tree through a token, audited under the token's name, and records when the token was used", async () => {
    const { token: made, secret } = await token();
    expect(made.lastUsedAt).toBeNull();
    const response = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: buildMovie({ title: "Dawn of the API" }) });
    expect(response.status).toBe(201);
    const body = (await doc(response, "/titles", "post")) as TitleBody;
    expect(body.title).toBe("Dawn of the API");
    expect(body.releases[0]!.files[0]!.links.length).toBeGreaterThan(0);
    expect((await getTitle(ctx.db, body.id))?.title).toBe("Dawn of the API");
    const audit = await listAudit(ctx.db, { entityType: "title" });
    expect(audit.items[0]).toMatchObject({ action: "title.create", actor: "API token “script catalogue:write”", adminId: null });
    expect((await getApiToken(ctx.db, made.id))?.lastUsedAt).not.toBeNull();
  });

  it("refuses writes without a token, with a bad, revoked or expired one, with the wrong scope, and never with a cookie", async () => {
    const movie = buildMovie();
    const noToken = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("www-authenticate")).toContain("Bearer");
    expect(((await doc(noToken, "/titles", "post")) as ProblemBody).detail).toContain("needs an API token");

    const { admin, cookie } = await signIn(ctx.db);
    const withCookie = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, headers: { Cookie: cookie } });
    expect(withCookie.status).toBe(401);

    const unknown = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, token: `cdx_${"A".repeat(43)}` });
    expect(((await doc(unknown, "/titles", "post")) as ProblemBody).detail).toBe(
      "This API token is not known. Create one in Settings → API tokens.",
    );
    const malformed = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, headers: { Authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);

    const revoked = await token();
    await revokeApiToken(ctx.db, actorOf(admin), revoked.token.id);
    const afterRevoke = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, token: revoked.secret });
    expect(((await doc(afterRevoke, "/titles", "post")) as ProblemBody).detail).toBe("This API token has been revoked.");

    const old = await token("catalogue:write", "7", new Date(Date.now() - 8 * 86_400_000));
    const expired = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, token: old.secret });
    expect(((await doc(expired, "/titles", "post")) as ProblemBody).detail).toContain("has expired");

    const reader = await token("read");
    const forbidden = await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, token: reader.secret });
    expect(forbidden.status).toBe(403);
    expect(((await doc(forbidden, "/titles", "post")) as ProblemBody).detail).toContain("catalogue:write");
    const inbox = await token("inbox");
    expect((await call(ctx.db, titlesAction, "POST", "/titles", { body: movie, token: inbox.secret })).status).toBe(403);

    expect((await ctx.db.selectFrom("titles").select("id").execute()).length).toBe(0);
    // A read with a valid token works; a bad token on a read is refused rather than ignored.
    expect((await call(ctx.db, titlesLoader, "GET", "/titles", { token: reader.secret })).status).toBe(200);
    expect((await call(ctx.db, titlesLoader, "GET", "/titles", { token: revoked.secret })).status).toBe(401);
  });

  it("refuses the tokens of a disabled or deleted account, and narrows a demoted Administrator's to reading", async () => {
    const { admin: boss } = await signIn(ctx.db);
    const { admin: maker } = await signIn(ctx.db);
    const make = (name: string, scope: TokenScope = "catalogue:write") =>
      createApiToken(ctx.db, actorOf(maker), { name, scope, expiry: "never" });
    const post = (secret: string) => call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: buildMovie() });

    // Demoted: the write token may only read until its creator is an Administrator again.
    const writer = await make("sync");
    expect((await post(writer.secret)).status).toBe(201);
    await setAdminRole(ctx.db, actorOf(boss), maker.id, "editor");
    const demoted = await post(writer.secret);
    expect(demoted.status).toBe(403);
    expect(((await doc(demoted, "/titles", "post")) as ProblemBody).detail).toContain("no longer an Administrator, so it may only read");
    expect((await call(ctx.db, titlesLoader, "GET", "/titles", { token: writer.secret })).status).toBe(200);
    expect((await getApiToken(ctx.db, writer.token.id))?.createdBy).toMatchObject({ id: maker.id, role: "editor", disabled: false });
    await setAdminRole(ctx.db, actorOf(boss), maker.id, "admin");
    expect((await post(writer.secret)).status).toBe(201);

    // Disabled: every token the account made is revoked, and stays so when it is enabled again.
    const reader = await make("reader", "read");
    await setAccountDisabled(ctx.db, actorOf(boss), maker.id, true);
    const afterDisable = await post(writer.secret);
    expect(afterDisable.status).toBe(401);
    expect(((await doc(afterDisable, "/titles", "post")) as ProblemBody).detail).toBe("This API token has been revoked.");
    expect((await call(ctx.db, titlesLoader, "GET", "/titles", { token: reader.secret })).status).toBe(401);
    expect((await listAudit(ctx.db, { entityType: "account" })).items[0]).toMatchObject({
      action: "account.disable",
      summary: `Disabled ${maker.email} and revoked the 2 API tokens they made`,
    });
    await setAccountDisabled(ctx.db, actorOf(boss), maker.id, false);
    expect((await post(writer.secret)).status).toBe(401);

    // A token whose account is disabled or deleted outside the panel (the database, a restore) is refused too.
    const later = await make("later");
    await ctx.db.updateTable("admins").set({ disabled: true }).where("id", "=", maker.id).execute();
    expect(((await post(later.secret).then((r) => r.json())) as ProblemBody).detail).toContain("is disabled");
    await ctx.db.updateTable("admins").set({ disabled: false }).where("id", "=", maker.id).execute();
    expect((await post(later.secret)).status).toBe(201);
    await ctx.db.deleteFrom("admin_sessions").where("admin_id", "=", maker.id).execute();
    await ctx.db.deleteFrom("admins").where("id", "=", maker.id).execute();
    const orphan = await post(later.secret);
    expect(orphan.status).toBe(401);
    expect(((await doc(orphan, "/titles", "post")) as ProblemBody).detail).toContain("no longer exists");
    expect((await getApiToken(ctx.db, later.token.id))?.createdBy).toBeNull();
  });

  it("answers 429 with Retry-After once a client has had too many refused tokens, and counts per client", async () => {
    const client = freshAddress();
    const bad = `cdx_${"B".repeat(43)}`;
    for (let i = 0; i < API_TOKEN_FAILURE_RULE.points; i++) {
      const refused = await call(ctx.db, titlesLoader, "GET", "/titles", { token: i % 2 ? bad : "not-a-token", client });
      expect(refused.status).toBe(401);
    }
    const limited = await call(ctx.db, titlesLoader, "GET", "/titles", { token: bad, client });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await doc(limited, "/titles", "get")) as ProblemBody).detail).toContain("refused API token");
    const write = await call(ctx.db, titlesAction, "POST", "/titles", { token: bad, client, body: buildMovie() });
    expect(write.status).toBe(429);
    await doc(write, "/titles", "post");
    // Another client is not affected, and a good token from this one still works.
    expect((await call(ctx.db, titlesLoader, "GET", "/titles", { token: bad })).status).toBe(401);
    const { secret } = await token("read");
    expect((await call(ctx.db, titlesLoader, "GET", "/titles", { token: secret, client })).status).toBe(200);
  });

  it("answers a retried POST with the same Idempotency-Key with the first answer, and refuses the key with another body", async () => {
    const { secret } = await token();
    const movie = buildMovie({ title: "Only Once" });
    const headers = { "Idempotency-Key": "import-42" };
    const first = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
    const second = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const [a, b] = [(await doc(first, "/titles", "post")) as TitleBody, (await doc(second, "/titles", "post")) as TitleBody];
    expect(b.id).toBe(a.id);
    expect((await ctx.db.selectFrom("titles").select("id").execute()).length).toBe(1);

    const other = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: buildMovie({ title: "Another" }), headers });
    expect(other.status).toBe(422);
    expect(((await doc(other, "/titles", "post")) as ProblemBody).detail).toContain("different request");
    // Another key creates again (and is refused as a duplicate TMDB id, as the editor refuses it).
    const again = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: movie,
      headers: { "Idempotency-Key": "import-43" },
    });
    expect(again.status).toBe(409);
    expect(((await doc(again, "/titles", "post")) as ProblemBody).detail).toContain(`TMDB ID ${movie.tmdbId}`);
  });

  it("keeps a refusal as the key's answer, and replays the same JSON sent with other spacing and key order", async () => {
    const { secret } = await token();
    const movie = buildMovie({ title: "Reordered" });
    const headers = { "Idempotency-Key": "reorder-1" };
    const first = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
    expect(first.status).toBe(201);
    // The same object, keys reversed at every level, pretty-printed.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const again = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: JSON.stringify(reversed(movie), null, 2),
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as TitleBody).id).toBe(((await first.json()) as TitleBody).id);

    // A refusal (here a duplicate TMDB id) is the key's answer too, replayed as problem details.
    const refused = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: movie,
      headers: { "Idempotency-Key": "dup" },
    });
    expect(refused.status).toBe(409);
    const replayed = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: movie,
      headers: { "Idempotency-Key": "dup" },
    });
    expect(replayed.status).toBe(409);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(((await doc(replayed, "/titles", "post")) as ProblemBody).detail).toContain(`TMDB ID ${movie.tmdbId}`);
    expect((await ctx.db.selectFrom("titles").select("id").execute()).length).toBe(1);
  });

  it("a key whose request died in an outage is free at once: the retry creates the title", async () => {
    const { secret } = await token();
    // The database goes away at the title's insert and stays away for the rest of the request.
    const outage = { down: false, armed: true };
    const faulty = ctx.db.withPlugin({
      transformQuery({ node }) {
        const into = node.kind === "InsertQueryNode" ? node.into?.table.identifier.name : undefined;
        if (outage.armed && into === "titles") outage.down = true;
        if (outage.down) throw new DatabaseUnavailableError(new Error("Connection terminated unexpectedly"));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const headers = { "Idempotency-Key": "outage-1" };
    const movie = buildMovie({ title: "Through the Outage" });
    const failed = await call(faulty, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBeTruthy();
    Object.assign(outage, { down: false, armed: false });
    const retried = await call(faulty, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect((await ctx.db.selectFrom("titles").select("title").execute()).map((t) => t.title)).toEqual(["Through the Outage"]);
  });

  it("a POST answered 503 although its commit went through is replayed on retry, never stored twice", async () => {
    const { secret } = await token();
    const restore = loseNextCommitAcknowledgement(ctx.dialect);
    try {
      const headers = { "Idempotency-Key": "lost-ack" };
      const movie = buildMovie({ title: "Lost Acknowledgement" });
      const first = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
      expect(first.status).toBe(503);
      const retried = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: movie, headers });
      expect(retried.status).toBe(201);
      expect(retried.headers.get("idempotent-replayed")).toBe("true");
      const stored = await ctx.db.selectFrom("titles").select("id").execute();
      expect(stored.map((t) => t.id)).toEqual([((await retried.json()) as TitleBody).id]);
    } finally {
      restore();
    }
  });

  it("two copies of a keyed POST sent at once create one title, both answered with it", async () => {
    const { secret } = await token();
    const headers = { "Idempotency-Key": "twins" };
    const movie = buildMovie({ title: "Twins" });
    const answers = await Promise.all(
      [1, 2].map(() => call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: movie, headers })),
    );
    const ok = answers.filter((a) => a.status === 201);
    // The second waits for the first's commit and replays it (or, at worst, is told to retry: never a second title).
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(await Promise.all(ok.map(async (a) => ((await a.json()) as TitleBody).id)));
    expect(ids.size).toBe(1);
    expect((await ctx.db.selectFrom("titles").select("id").execute()).length).toBe(1);
  });

  it("a key left in progress by an older version is free after the lease", async () => {
    const { token: made, secret } = await token();
    const now = new Date();
    await ctx.db
      .insertInto("api_idempotency")
      .values({
        token_id: made.id,
        key: "old",
        request_hash: "x",
        status: 0,
        body: "",
        expires_at: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
      })
      .execute();
    expect((await findEarlier(ctx.db, made.id, "old", now)).kind).toBe("in-progress");
    expect((await findEarlier(ctx.db, made.id, "old", new Date(now.getTime() + IDEMPOTENCY_LEASE_MS + 1))).kind).toBe("none");
    const retried = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: buildMovie(),
      headers: { "Idempotency-Key": "old" },
    });
    expect(retried.status).toBe(201);
  });

  it("names each invalid field of a body, refuses non-JSON, and documents the answers", async () => {
    const { secret } = await token();
    const bad = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: { ...buildMovie(), title: "", releases: [{ quality: "", files: [] }] },
    });
    expect(bad.status).toBe(400);
    const problem = (await doc(bad, "/titles", "post")) as ProblemBody;
    expect(problem.invalidParams?.map((p) => [p.name, p.in])).toEqual(
      expect.arrayContaining([
        ["title", "body"],
        ["releases.0.quality", "body"],
      ]),
    );
    const notJson = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(((await doc(notJson, "/titles", "post")) as ProblemBody).detail).toBe("The body is not valid JSON.");
    const form = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    const emptyKey = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: buildMovie(),
      headers: { "Idempotency-Key": " " },
    });
    expect(((await doc(emptyKey, "/titles", "post")) as ProblemBody).invalidParams?.[0]).toMatchObject({
      name: "Idempotency-Key",
      in: "header",
    });
  });

  it("replaces a title keeping the ids sent, deletes it, and answers 404 for an unknown id", async () => {
    const { secret } = await token();
    const created = await createTitle(ctx.db, buildMovie());
    const release = created.releases[0]!;
    const file = release.files[0]!;
    const link = file.links[0]!;
    const body = buildMovie({
      tmdbId: created.tmdbId,
      imdbId: created.imdbId,
      title: "Renamed",
      releases: [
        {
          id: release.id,
          quality: release.quality,
          files: [{ id: file.id, title: file.title, links: [{ id: link.id, label: link.label, url: link.url, status: "disabled" }] }],
        },
      ],
    });
    const put = await call(ctx.db, titleAction, "PUT", `/titles/${created.id}`, {
      token: secret,
      body,
      params: { id: String(created.id) },
    });
    expect(put.status).toBe(200);
    const saved = (await doc(put, "/titles/{id}", "put")) as TitleBody;
    expect(saved.title).toBe("Renamed");
    // The same rows, and the disabled link is in the answer so it can be sent back.
    expect(saved.releases[0]!.files[0]!.links).toEqual([expect.objectContaining({ id: link.id, status: "disabled" })]);
    expect((await listAudit(ctx.db, { entityType: "title" })).items[0]).toMatchObject({
      action: "title.update",
      actor: "API token “script catalogue:write”",
    });

    const patched = await call(ctx.db, titleAction, "PATCH", `/titles/${created.id}`, {
      token: secret,
      body: { tagline: null, subtitles: ["Français"] },
      headers: { "Content-Type": "application/merge-patch+json" },
      params: { id: String(created.id) },
    });
    expect(await doc(patched, "/titles/{id}", "patch")).toMatchObject({ title: "Renamed", tagline: null, subtitles: ["Français"] });
    const badPatch = await call(ctx.db, titleAction, "PATCH", `/titles/${created.id}`, {
      token: secret,
      body: { rating: 11 },
      params: { id: String(created.id) },
    });
    expect(((await doc(badPatch, "/titles/{id}", "patch")) as ProblemBody).invalidParams?.[0]).toMatchObject({
      name: "rating",
      in: "body",
    });
    const missingPatch = await call(ctx.db, titleAction, "PATCH", "/titles/999999", { token: secret, body: {}, params: { id: "999999" } });
    expect(missingPatch.status).toBe(404);
    await doc(missingPatch, "/titles/{id}", "patch");

    const missing = await call(ctx.db, titleAction, "PUT", "/titles/999999", { token: secret, body, params: { id: "999999" } });
    expect(((await doc(missing, "/titles/{id}", "put")) as ProblemBody).detail).toBe("No title has the id 999999.");

    const del = await call(ctx.db, titleAction, "DELETE", `/titles/${created.id}`, { token: secret, params: { id: String(created.id) } });
    expect(del.status).toBe(204);
    await doc(del, "/titles/{id}", "delete");
    expect(await getTitle(ctx.db, created.id, { includeDisabled: true })).toBeNull();
    const gone = await call(ctx.db, titleAction, "DELETE", `/titles/${created.id}`, { token: secret, params: { id: String(created.id) } });
    expect(gone.status).toBe(404);
    await doc(gone, "/titles/{id}", "delete");
    const badId = await call(ctx.db, titleAction, "DELETE", "/titles/abc", { token: secret, params: { id: "abc" } });
    expect(badId.status).toBe(400);
    await doc(badId, "/titles/{id}", "delete");
    expect((await call(ctx.db, titleLoader, "GET", `/titles/${created.id}`, { params: { id: String(created.id) } })).status).toBe(404);
    const post = await call(ctx.db, titleAction, "POST", `/titles/${created.id}`, { token: secret, params: { id: String(created.id) } });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS, PUT, PATCH, DELETE");
  });

  it("takes TMDB's figures, answers them, and a title read and sent back unchanged changes nothing, with figures or without", async () => {
    const { secret } = await token();
    const figures = { tmdbPopularity: 42.5, tmdbVoteAverage: 7.9, tmdbVoteCount: 1234 };
    const created = await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: buildMovie({ ...figures }) });
    expect(created.status).toBe(201);
    const withFigures = (await doc(created, "/titles", "post")) as TitleBody & typeof figures;
    expect(withFigures).toMatchObject(figures);
    const plain = (await (await call(ctx.db, titlesAction, "POST", "/titles", { token: secret, body: buildMovie() })).json()) as TitleBody &
      Record<string, unknown>;
    expect(plain).toMatchObject({ tmdbPopularity: null, tmdbVoteAverage: null, tmdbVoteCount: null });

    for (const id of [withFigures.id, plain.id]) {
      const params = { id: String(id) };
      const read = await call(ctx.db, titleLoader, "GET", `/titles/${id}`, { token: secret, params });
      const stored = (await read.json()) as Record<string, unknown>;
      const audits = (await listAudit(ctx.db, { entityType: "title" })).items.length;
      const put = await call(ctx.db, titleAction, "PUT", `/titles/${id}`, { token: secret, body: stored, params });
      expect(put.status).toBe(200);
      expect(await put.json()).toEqual(stored);
      // Left out, the figures stay as stored.
      const { tmdbPopularity: _p, tmdbVoteAverage: _a, tmdbVoteCount: _c, ...without } = stored;
      const put2 = await call(ctx.db, titleAction, "PUT", `/titles/${id}`, { token: secret, body: without, params });
      expect(await put2.json()).toEqual(stored);
      expect((await listAudit(ctx.db, { entityType: "title" })).items.length).toBe(audits);
    }

    const cleared = await call(ctx.db, titleAction, "PATCH", `/titles/${withFigures.id}`, {
      token: secret,
      body: { tmdbVoteCount: 99 },
      headers: { "Content-Type": "application/merge-patch+json" },
      params: { id: String(withFigures.id) },
    });
    expect(await cleared.json()).toMatchObject({ tmdbPopularity: 42.5, tmdbVoteAverage: 7.9, tmdbVoteCount: 99 });

    const bad = await call(ctx.db, titlesAction, "POST", "/titles", {
      token: secret,
      body: buildMovie({ tmdbPopularity: -1, tmdbVoteAverage: 11, tmdbVoteCount: 2.5 }),
    });
    expect(bad.status).toBe(400);
    const reasons = Object.fromEntries(((await bad.json()) as ProblemBody).invalidParams!.map((p) => [p.name, p.reason]));
    expect(reasons).toMatchObject({
      tmdbPopularity: POPULARITY_MESSAGE,
      tmdbVoteAverage: VOTE_AVERAGE_MESSAGE,
      tmdbVoteCount: VOTE_COUNT_MESSAGE,
    });
  });

  it("changes a link's status, audited, and refuses unknown links and statuses", async () => {
    const { secret } = await token();
    const created = await createTitle(ctx.db, buildMovie());
    const link = created.releases[0]!.files[0]!.links[0]!;
    const patch = (id: number | string, body: unknown) =>
      call(ctx.db, linkAction, "PATCH", `/links/${id}`, { token: secret, body, params: { id: String(id) } });
    const ok = await patch(link.id, { status: "broken" });
    expect(ok.status).toBe(200);
    // A writer gets the host's address, and the public download page as href.
    expect(await doc(ok, "/links/{id}", "patch")).toMatchObject({
      id: link.id,
      status: "broken",
      url: link.url,
      href: `${SITE}/middleman?id=${link.id}`,
    });
    expect((await listAudit(ctx.db, { entityType: "link" })).items[0]).toMatchObject({
      action: "link.update",
      actor: "API token “script catalogue:write”",
    });
    const bad = await patch(link.id, { status: "gone" });
    expect(((await doc(bad, "/links/{id}", "patch")) as ProblemBody).invalidParams?.[0]).toMatchObject({
      name: "status",
      in: "body",
      reason: "status must be ok, broken or disabled.",
    });
    const extra = await patch(link.id, { status: "ok", url: "https://x.example" });
    expect(extra.status).toBe(400);
    const missing = await patch(999999, { status: "ok" });
    expect(((await doc(missing, "/links/{id}", "patch")) as ProblemBody).detail).toBe("No link has the id 999999.");
  });

  it("lists and updates inbox items with an inbox token only, audited under the token's name", async () => {
    const at = new Date().toISOString();
    const message = await ctx.db
      .insertInto("contact_messages")
      .values({
        name: "Ada",
        email: "ada@example.com",
        subject: "Hello",
        message: "A question.",
        client_hash: null,
        read_at: null,
        resolved_at: null,
        resolved_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const inbox = await token("inbox");
    const writer = await token("catalogue:write");
    const list = (secret: string | undefined, path = "/inbox/contact", kind = "contact") =>
      call(ctx.db, inboxLoader, "GET", path, { token: secret, params: { kind } });

    const listed = await list(inbox.secret);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toContain("private");
    expect(await doc(listed, "/inbox/{kind}", "get")).toMatchObject({
      total: 1,
      items: [{ id: message.id, kind: "contact", title: "Hello", status: "new" }],
    });
    expect((await list(undefined)).status).toBe(401);
    const forbidden = await list(writer.secret);
    expect(forbidden.status).toBe(403);
    await doc(forbidden, "/inbox/{kind}", "get");
    const badKind = await list(inbox.secret, "/inbox/mail", "mail");
    expect(((await doc(badKind, "/inbox/{kind}", "get")) as ProblemBody).invalidParams?.[0]).toMatchObject({ name: "kind", in: "path" });
    const badStatus = await list(inbox.secret, "/inbox/contact?status=fixed");
    expect(((await doc(badStatus, "/inbox/{kind}", "get")) as ProblemBody).detail).toContain("new, answered, archived");

    const patch = (body: unknown, id = message.id, secret = inbox.secret) =>
      call(ctx.db, inboxItemAction, "PATCH", `/inbox/contact/${id}`, { token: secret, body, params: { kind: "contact", id: String(id) } });
    const answered = await patch({ status: "answered" });
    expect(answered.status).toBe(200);
    expect(await doc(answered, "/inbox/{kind}/{id}", "patch")).toEqual({ kind: "contact", id: message.id, status: "answered" });
    expect((await listAudit(ctx.db, { entityType: "contact" })).items[0]).toMatchObject({ actor: "API token “script inbox”" });
    const again = await patch({ status: "answered" });
    expect(again.status).toBe(409);
    await doc(again, "/inbox/{kind}/{id}", "patch");
    const wrong = await patch({ status: "fixed" });
    expect(((await doc(wrong, "/inbox/{kind}/{id}", "patch")) as ProblemBody).invalidParams?.[0]).toMatchObject({
      name: "status",
      in: "body",
    });
    const missing = await patch({ status: "archived" }, 999999);
    expect(missing.status).toBe(404);
    await doc(missing, "/inbox/{kind}/{id}", "patch");
    expect((await patch({ status: "archived" }, message.id, writer.secret)).status).toBe(403);
  });
});
