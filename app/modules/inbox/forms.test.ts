import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { clientErrors as allErrors, firstErrors, formValues, type FormValues } from "#app/utils/submission.ts";
import { contactSchema } from "./contact/schema.ts";
import { dmcaSchema } from "./dmca/schema.ts";
import { brokenLinkSchema } from "./reports/schema.ts";
import { contentNameMessage, quickRequestSchema, requestSchema } from "./requests/schema.ts";
import { imdbIdFromUrl } from "#app/utils/imdb.ts";

/** The first message per field, as the forms show them. */
const clientErrors = (schema: z.ZodType, values: FormValues) => {
  const errors = allErrors(schema, values);
  return errors && firstErrors(errors);
};

describe("visitor form schemas (shared by the browser and the server)", () => {
  it("name the chosen type in the content-name message", () => {
    expect(contentNameMessage("Documentary")).toBe("Please enter the name of the documentary");
    expect(contentNameMessage(undefined)).toBe("Please enter the name of the content");
    expect(clientErrors(requestSchema, { type: "Anime" })?.movieSeriesName).toBe("Please enter the name of the anime");
  });

  it("accept IMDb title URLs only", () => {
    expect(imdbIdFromUrl("https://www.imdb.com/title/tt0133093/?ref_=nv")).toBe("tt0133093");
    expect(imdbIdFromUrl("http://imdb.com/de/title/tt12345678")).toBe("tt12345678");
    expect(imdbIdFromUrl("https://www.imdb.com/name/nm0000206/")).toBeNull();
    expect(imdbIdFromUrl("https://imdb.com.evil.example/title/tt0133093/")).toBeNull();
    expect(imdbIdFromUrl("javascript:alert(1)")).toBeNull();
  });

  it("keep values exactly as typed and turn blank optional fields into null", () => {
    const parsed = contactSchema.parse({ name: "  Ann ", email: " ann@example.com ", subject: "   ", message: "Hi\r\n" });
    expect(parsed).toMatchObject({ name: "  Ann ", email: " ann@example.com ", subject: null, message: "Hi\r\n" });
  });

  it("limit every field's length", () => {
    expect(clientErrors(contactSchema, { name: "a".repeat(201), email: "a@b.co", message: "m" })?.name).toBe(
      "Please keep this under 200 characters",
    );
    expect(clientErrors(requestSchema, { name: "a", email: "a@b.co", type: "Movie", movieSeriesName: "x", year: "19999" })?.year).toBe(
      "Please keep this under 4 characters",
    );
    expect(
      clientErrors(brokenLinkSchema, { contentName: "x", quality: "720p", linkType: "Other", additionalInfo: "a".repeat(5_001) })
        ?.additionalInfo,
    ).toBeDefined();
  });

  it("refuse options outside the spec's lists", () => {
    expect(clientErrors(quickRequestSchema, { quality: "1080p 10Bit" })?.quality).toBe("Please choose a quality");
    expect(quickRequestSchema.parse({ quality: "720p 10bit" }).quality).toBe("720p 10bit");
    expect(clientErrors(brokenLinkSchema, { contentName: "x", quality: "4k", linkType: "Torrent" })).toEqual({
      quality: "Please select the quality",
      linkType: "Please select the link type",
    });
    expect(
      clientErrors(dmcaSchema, { name: "n", email: "a@b.co", contentUrl: "ftp://x.example/", copyrightProof: "p", declaration: "on" }),
    ).toEqual({
      contentUrl: "Please enter a valid URL for the content",
    });
  });

  it("turn a field sent twice into an array the schemas refuse", () => {
    const form = new FormData();
    form.append("name", "a");
    form.append("name", "b");
    form.append("quality", "720p");
    expect(formValues(form)).toEqual({ name: ["a", "b"], quality: "720p" });
    expect(clientErrors(contactSchema, formValues(form))?.name).toBe("Please fill in all required fields.");
  });
});
