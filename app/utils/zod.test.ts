import { it, expect } from "vitest";
import { controlCharacterIssues } from "#app/utils/zod.ts";
it("finds a control character 100,000 arrays deep quickly, naming its path (a JSON body can nest that far)", () => {
  let deep: unknown = "a\u0000b";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const t = Date.now();
  const issues = controlCharacterIssues(deep);
  expect(Date.now() - t).toBeLessThan(2000);
  expect(issues[0]!.path.length).toBe(100_000);
  // A character in a key is reported at the object holding it.
  const paths = controlCharacterIssues({ a: [{ b: "x\u0001" }], "k\u0002": 1, fine: "tab\tand\nnew line" }).map((i) => i.path);
  expect(paths).toEqual(expect.arrayContaining([["a", 0, "b"], []]));
  expect(paths).toHaveLength(2);
});
