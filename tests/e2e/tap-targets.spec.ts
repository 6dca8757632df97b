import type { Page } from "@playwright/test";
import { titlePath } from "#app/modules/catalogue/paths.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { expect, test } from "./fixtures.ts";

// On a phone every link, button and control of the public pages is at least 44×44 px
// (WCAG 2.5.5; the phone-only rule in app/app.css). Links inside running text (a
// paragraph) are left out, as WCAG 2.5.8's inline exception allows; a checkbox or
// radio counts by its label, which is what a thumb taps.

const MIN = 44;

/** Each visible interactive element smaller than 44×44 px, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = "a[href], button, select, summary, textarea, [role='button'], input:not([type='hidden'])";
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest("[hidden], [aria-hidden='true'], .admin-shell")) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // not drawn (e.g. a skip link until focused)
      // Inline exception: a link that is a run of text among other text.
      if (element.tagName === "A" && style.display === "inline") {
        const parent = element.parentElement;
        if (parent && parent.textContent!.trim() !== element.textContent!.trim()) continue;
      }
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        const label = element.closest("label") ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN);
}

test("every tap target on the public pages is at least 44×44 px on a phone @phone", async ({ page, catalogue }) => {
  test.skip(page.viewportSize()!.width > 767, "the rule is for phones");
  test.slow();
  const movie = await catalogue.create(buildMovie({ title: `Tap Target ${Date.now()}` }));
  const paths = [
    "/",
    titlePath(movie),
    "/genre/action",
    "/search?q=night",
    "/watchlist",
    "/request",
    "/broken-links",
    "/contact-us",
    "/dmca",
    "/faq",
  ];
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.classList.contains("js"));
    const small = await smallTargets(page);
    if (small.length) found[path] = small;
  }
  expect(found).toEqual({});
});

test("the desktop look keeps its sizes: a footer link is one line of text high @phone", async ({ page }) => {
  test.skip(page.viewportSize()!.width <= 767, "desktop only");
  await page.goto("/");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true });
  expect((await link.boundingBox())!.height).toBeLessThan(30);
});
