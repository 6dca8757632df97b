import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { AppError } from "#app/utils/errors.ts";
import { DEFAULT_SETTINGS } from "./schema.ts";
import { getSettings, updateSettings } from "./settings.server.ts";

describeEachDatabase("settings", (ctx) => {
  it("start from the defaults", async () => {
    await ctx.db.deleteFrom("settings").execute();
    expect(await getSettings(ctx.db)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.middlemanCountdownSeconds).toBe(10);
    expect(DEFAULT_SETTINGS.bannerAutoClose).toEqual({ enabled: false, delayMs: 5000 });
  });

  it("store changes and keep the rest at their defaults", async () => {
    await ctx.db.deleteFrom("settings").execute();
    await updateSettings(ctx.db, { middlemanCountdownSeconds: 0 });
    const updated = await updateSettings(ctx.db, { telegramGroupUrl: "https://t.me/cinedex_example" });
    expect(updated).toEqual({ ...DEFAULT_SETTINGS, middlemanCountdownSeconds: 0, telegramGroupUrl: "https://t.me/cinedex_example" });
    expect(await getSettings(ctx.db)).toEqual(updated);
  });

  it("refuse invalid values with field messages and store nothing", async () => {
    await ctx.db.deleteFrom("settings").execute();
    const error = await updateSettings(ctx.db, { middlemanCountdownSeconds: -1, telegramGroupUrl: "javascript:alert(1)" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(Object.keys((error as AppError).fields!)).toEqual(["telegramGroupUrl", "middlemanCountdownSeconds"]);
    expect(await getSettings(ctx.db)).toEqual(DEFAULT_SETTINGS);
  });

  it("fall back to the default for a stored value that no longer fits", async () => {
    await ctx.db.deleteFrom("settings").execute();
    await ctx.db
      .insertInto("settings")
      .values([
        { key: "middlemanCountdownSeconds", value: '"ten"' },
        { key: "telegramGroupUrl", value: "{not json" },
        { key: "retiredOption", value: "true" },
      ])
      .execute();
    expect(await getSettings(ctx.db)).toEqual(DEFAULT_SETTINGS);
  });
});
