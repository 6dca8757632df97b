import { expect, test } from "./fixtures.ts";

// Cards, genre chips, navigation and pagination are plain links (PageLink) that one
// document listener turns into client-side navigations, as React Router's <Link> did.

test("a card, a genre chip and the header open pages without reloading the document", async ({ page }) => {
  // Until the page has hydrated a click is an ordinary page load (as with <Link>): wait for the scripts.
  // A demo title's card: the newest uploads on the shared server are other tests' titles, which they delete.
  await page.goto("/search?q=nosferatu", { waitUntil: "networkidle" });
  await page.evaluate(() => ((window as unknown as { pageMarker: number }).pageMarker = 1));
  const marker = () => page.evaluate(() => (window as unknown as { pageMarker?: number }).pageMarker);

  await page
    .getByRole("region", { name: "Results" })
    .getByRole("link", { name: /Nosferatu\s*1922 · Movie/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/movie\/\d+\//);
  expect(await marker()).toBe(1);

  await page.getByRole("link", { name: "Home" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // The URL changes before the new page paints; the title page also has a "Horror" chip (to /genre/horror/movie).
  const explorer = page.getByRole("region", { name: "Explore by genre" });
  await explorer.getByRole("link", { name: "Horror", exact: true }).click();
  await expect(page).toHaveURL(/\/genre\/horror$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Horror");
  expect(await marker()).toBe(1);
});
