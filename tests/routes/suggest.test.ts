import { expect, it } from "vitest";
import { createRateLimits } from "#app/modules/limits/limiter.server.ts";
import { SUGGEST_RATE_RULE } from "#app/modules/limits/rules.ts";
import { loader } from "#app/routes/api/suggest.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { routeArgs, routeContext } from "#tests/helpers/route.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";

describeEachDatabase("GET /api/suggest", (ctx) => {
  it("suggests titles until the client passes the shared limit, then answers no suggestions, uncached; other clients still get them", async () => {
    await createTitle(ctx.db, buildMovie({ title: "Nosferatu" }));
    const limits = createRateLimits({ kind: "memory" });
    const ask = async (clientAddress: string) => {
      const request = new Request("http://localhost/api/suggest?q=nosf");
      const response = (await loader(routeArgs(request, routeContext(ctx.db, { limits, clientAddress })))) as Response;
      return {
        status: response.status,
        cache: response.headers.get("Cache-Control"),
        body: (await response.json()) as { items: { title: string }[] },
      };
    };
    const first = await ask("198.51.100.7");
    expect(first).toMatchObject({ status: 200, cache: "public, max-age=60" });
    expect(first.body.items.map((i) => i.title)).toEqual(["Nosferatu"]);

    for (let i = 1; i < SUGGEST_RATE_RULE.points; i++) await limits.consume(SUGGEST_RATE_RULE, "198.51.100.7");
    expect(await ask("198.51.100.7")).toEqual({ status: 200, cache: "private, no-store", body: { items: [], people: [], genres: [] } });
    expect((await ask("198.51.100.8")).body.items.map((i) => i.title)).toEqual(["Nosferatu"]);
  });

  it("answers people with a search for their name and genres with their page", async () => {
    await createTitle(ctx.db, buildMovie({ title: "Jaws", directors: ["Steven Spielberg"], genres: ["Thriller"] }));
    const request = (q: string) => new Request(`http://localhost/api/suggest?q=${encodeURIComponent(q)}`);
    const answer = async (q: string) => {
      const response = (await loader(routeArgs(request(q), routeContext(ctx.db)))) as Response;
      return (await response.json()) as { items: { title: string }[]; people: unknown[]; genres: unknown[] };
    };
    expect(await answer("spielburg")).toMatchObject({
      items: [{ title: "Jaws" }],
      people: [{ name: "Steven Spielberg", role: "director", href: "/search?q=Steven+Spielberg" }],
      genres: [],
    });
    expect((await answer("thrill")).genres).toEqual([{ id: expect.any(Number), name: "Thriller", href: "/genre/thriller" }]);
  });
});
