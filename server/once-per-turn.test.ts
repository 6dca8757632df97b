import { setImmediate as nextTurn } from "node:timers/promises";
import { expect, it } from "vitest";
import { oncePerTurn } from "./page-cache.ts";

it("shares one read among the callers of a turn, and reads again in the next", async () => {
  let reads = 0;
  let version = 7;
  const read = oncePerTurn(async () => {
    reads += 1;
    return version;
  });
  expect(await Promise.all([read(), read(), read()])).toEqual([7, 7, 7]);
  expect(reads).toBe(1);
  version = 8;
  await nextTurn();
  expect(await Promise.all([read(), read()])).toEqual([8, 8]);
  expect(reads).toBe(2);
});

it("shares a failed read only within its turn", async () => {
  let fail = true;
  const read = oncePerTurn(async () => {
    if (fail) throw new Error("database away");
    return 1;
  });
  const failures = [read(), read()];
  await expect(failures[0]).rejects.toThrow("database away");
  await expect(failures[1]).rejects.toThrow("database away");
  fail = false;
  await nextTurn();
  expect(await read()).toBe(1);
});
