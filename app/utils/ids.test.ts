import { describe, expect, it } from "vitest";
import { MAX_ID, parseId, requireId } from "./ids.ts";

describe("parseId", () => {
  it("reads positive ids within what the databases hold", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it("refuses everything else", () => {
    for (const value of ["", "0", "-1", "01", "1.5", "1e3", " 1", "1 ", "0x10", "abc", String(MAX_ID + 1), "99999999999", "١٢"]) {
      expect(parseId(value), JSON.stringify(value)).toBeNull();
    }
    expect(parseId(undefined)).toBeNull();
    expect(parseId(7)).toBeNull();
    expect(parseId(["1"])).toBeNull();
  });
});

describe("requireId", () => {
  it("returns the id", () => {
    expect(requireId("9")).toBe(9);
  });

  it("throws a 404 with the page's message for a malformed id", () => {
    expect(thrownBy(() => requireId("../etc", "That item does not exist."))).toMatchObject({
      init: { status: 404 },
      data: "That item does not exist.",
    });
  });

  it("throws a 404 for a missing parameter", () => {
    expect(thrownBy(() => requireId(undefined))).toMatchObject({ init: { status: 404 } });
  });
});

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
