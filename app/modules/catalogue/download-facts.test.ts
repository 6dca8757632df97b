import { describe, expect, it } from "vitest";
import { checkSummary, hostsOf } from "./download-facts.ts";
import type { Link, LinkCheck } from "./types.ts";

let id = 0;
const link = (label: string, check?: LinkCheck | null): Link => ({
  id: ++id,
  kind: "file",
  label,
  url: `https://${label}.example/${id}`,
  size: null,
  status: "ok",
  check,
});

describe("download card facts", () => {
  it("names each host once, in order", () => {
    expect(hostsOf([link("gdrive"), link("instant"), link("gdrive"), link(" gofile ")])).toEqual(["gdrive", "instant", "gofile"]);
  });

  it('says "Not checked yet" when no link was ever checked', () => {
    expect(checkSummary([link("gdrive", null), link("instant")])).toEqual({ at: null, text: "Not checked yet" });
    expect(checkSummary([]).text).toBe("Not checked yet");
  });

  it("gives the newest check's day and what each link's last check found", () => {
    const summary = checkSummary([
      link("gdrive", { at: "2026-11-27T23:30:00.000Z", result: "ok" }),
      link("instant", { at: "2026-11-28T10:00:00.000Z", result: "failed" }),
      link("gofile", { at: "2026-11-20T10:00:00.000Z", result: "inconclusive" }),
      link("mega", null),
    ]);
    expect(summary).toEqual({
      at: "2026-11-28T10:00:00.000Z",
      text: "Checked Nov 28, 2026: 1 working, 1 failed, 1 no clear answer, 1 not checked yet",
    });
    expect(checkSummary([link("gdrive", { at: "2026-11-27T23:30:00.000Z", result: "ok" })]).text).toBe("Checked Nov 27, 2026: 1 working");
  });
});
