import { describe, expect, it } from "vitest";
import { isHttpUrl } from "./url.ts";

describe("isHttpUrl", () => {
  it("accepts http and https addresses with a host", () => {
    expect(isHttpUrl("https://example.com/a?b=1")).toBe(true);
    expect(isHttpUrl("http://127.0.0.1:8080/")).toBe(true);
  });
  it("refuses other schemes, relative addresses and text", () => {
    for (const value of ["javascript:alert(1)", "data:text/html,x", "ftp://example.com/", "/relative", "example.com", "", "http://"]) {
      expect(isHttpUrl(value)).toBe(false);
    }
  });
});
