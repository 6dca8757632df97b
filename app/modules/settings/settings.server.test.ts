import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { createAdmin, actorOf } from "#app/modules/auth/accounts.server.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { BANNERS } from "#app/modules/site/banners.ts";
import { AppError } from "#app/utils/errors.ts";
import { siteSettingsFormSchema, siteSettingsPatch, siteSettingsValues } from "./form.ts";
import { DEFAULT_SETTINGS } from "./schema.ts";
import { getSettings, updateSettings, updateSettingsAudited } from "./settings.server.ts";

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
    const error = await updateSettings(ctx.db, { middlemanCountdownSeconds: -1, telegramGroupUrl: "javascript:alert(1)" }).catch(
      (e: unknown) => e,
    );
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

  it("start the notice banners with the site's built-in wording, all shown, and the site name Cinedex", async () => {
    await ctx.db.deleteFrom("settings").execute();
    const settings = await getSettings(ctx.db);
    expect(settings.siteName).toBe("Cinedex");
    expect(Object.keys(settings.banners)).toEqual(["vpn", "download-button", "report", "queries"]);
    for (const banner of BANNERS) expect(settings.banners[banner.id]).toEqual({ enabled: true, text: banner.text });
  });

  async function anAdmin() {
    const admin = await createAdmin(ctx.db, null, {
      name: "Settings Admin",
      email: "settings-admin@cinedex.test",
      password: "long enough password",
      confirmPassword: "long enough password",
      role: "admin",
    });
    return actorOf(admin);
  }

  it("save the settings form with one audit entry naming only what changed", async () => {
    await ctx.db.deleteFrom("settings").execute();
    const actor = await anAdmin();
    const values = siteSettingsValues(DEFAULT_SETTINGS);
    values.siteName = "  Movie Shelf ";
    values["banners.queries.text"] = "Questions? Ask us on Telegram.";
    delete values["banners.vpn.enabled"];
    values["bannerAutoClose.delaySeconds"] = "7";

    const { settings, changed } = await updateSettingsAudited(ctx.db, actor, siteSettingsPatch(values));
    expect(changed).toEqual(["siteName", "banners", "bannerAutoClose"]);
    expect(settings.siteName).toBe("Movie Shelf");
    expect(settings.banners.queries).toEqual({ enabled: true, text: "Questions? Ask us on Telegram." });
    expect(settings.banners.vpn).toEqual({ enabled: false, text: BANNERS[0].text });
    expect(settings.bannerAutoClose).toEqual({ enabled: false, delayMs: 7000 });
    // What the public pages read on their next request.
    expect(await getSettings(ctx.db)).toEqual(settings);
    // Unchanged settings are not written, so they keep following their defaults.
    const stored = await ctx.db.selectFrom("settings").select("key").orderBy("key").execute();
    expect(stored.map((r) => r.key)).toEqual(["bannerAutoClose", "banners", "siteName"]);

    const audit = await listAudit(ctx.db, { entityType: "settings" });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      adminId: actor.id,
      actor: "Settings Admin",
      action: "settings.update",
      entityType: "settings",
      summary: "Changed the site settings: site name, notice banners, banner auto-close",
      details: { keys: ["siteName", "banners", "bannerAutoClose"] },
    });

    // Saving the same form again changes nothing and records nothing.
    expect((await updateSettingsAudited(ctx.db, actor, siteSettingsPatch(siteSettingsValues(settings)))).changed).toEqual([]);
    expect((await listAudit(ctx.db, { entityType: "settings" })).items).toHaveLength(1);
  });

  it("refuse a form with invalid values with a message per field, storing and recording nothing", async () => {
    await ctx.db.deleteFrom("settings").execute();
    const actor = await anAdmin();
    const posted = siteSettingsFormSchema.parse({
      ...siteSettingsValues(DEFAULT_SETTINGS),
      siteName: "   ",
      "socialLinks.x": "javascript:alert(1)",
      telegramGroupUrl: "https://t.me/still-valid-but-not-saved",
      "banners.report.text": "",
      "bannerAutoClose.delaySeconds": "0.2",
      middlemanCountdownSeconds: "ten",
    });

    const error = await updateSettingsAudited(ctx.db, actor, posted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).fields).toEqual({
      siteName: ["Please enter the site name"],
      "socialLinks.x": ["Must be an http:// or https:// address"],
      "banners.report.text": ["Please enter the notice text"],
      "bannerAutoClose.delayMs": ["Delay must be from 1 to 60 seconds"],
      middlemanCountdownSeconds: ["Countdown must be a whole number from 0 to 60 seconds"],
    });
    expect(await getSettings(ctx.db)).toEqual(DEFAULT_SETTINGS);
    expect(await ctx.db.selectFrom("settings").selectAll().execute()).toEqual([]);
    expect((await listAudit(ctx.db, { entityType: "settings" })).items).toEqual([]);
  });

  it("refuse a blank countdown and an out-of-range one, and accept 0 (no countdown)", async () => {
    await ctx.db.deleteFrom("settings").execute();
    const actor = await anAdmin();
    for (const typed of ["", "61", "-1", "2.5"]) {
      const values = { ...siteSettingsValues(DEFAULT_SETTINGS), middlemanCountdownSeconds: typed };
      const error = await updateSettingsAudited(ctx.db, actor, siteSettingsPatch(values)).catch((e: unknown) => e);
      expect((error as AppError).fields, `typed ${JSON.stringify(typed)}`).toEqual({
        middlemanCountdownSeconds: ["Countdown must be a whole number from 0 to 60 seconds"],
      });
    }
    const values = { ...siteSettingsValues(DEFAULT_SETTINGS), middlemanCountdownSeconds: "0" };
    expect((await updateSettingsAudited(ctx.db, actor, siteSettingsPatch(values))).settings.middlemanCountdownSeconds).toBe(0);
  });
});
