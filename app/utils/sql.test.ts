import { describe, expect, it } from "vitest";
import { escapeLike } from "./sql.ts";

describe("escapeLike", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike("50% off_now\\")).toBe("50\\% off\\_now\\\\");
    expect(escapeLike("plain")).toBe("plain");
  });
});
