import { describe, expect, it } from "vitest";
import { isLeftBehind, testSchemaName, TEST_SCHEMA_PREFIX } from "#tests/helpers/database.ts";

describe("test schemas on PostgreSQL", () => {
  it("clears those an interrupted run left, never those of a run going on beside it", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    const madeAt = (ms: number) => `${TEST_SCHEMA_PREFIX}${ms.toString(36)}_ab12cd34`;
    expect(isLeftBehind(madeAt(now - 60_000), now)).toBe(false);
    expect(isLeftBehind(`${madeAt(now - 60_000)}_jobs`, now)).toBe(false);
    expect(isLeftBehind(madeAt(now - 4 * 60 * 60 * 1000), now)).toBe(true);
    // Names from before they carried their time.
    expect(isLeftBehind(`${TEST_SCHEMA_PREFIX}e2e_1764000000000`, now)).toBe(true);
    expect(isLeftBehind(`${TEST_SCHEMA_PREFIX}9f8e7d6c5b4a`, now)).toBe(true);
  });

  it("names each schema apart, as a valid lower-case identifier that is not left behind", () => {
    const names = new Set(Array.from({ length: 50 }, () => testSchemaName("fault_term")));
    expect(names.size).toBe(50);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][a-z0-9_]{0,62}$/);
      expect(isLeftBehind(name)).toBe(false);
    }
  });
});
