/** Texts about the link checker shown on more than one admin screen (Link health, the overview). */

/** Shown when this instance does not check links on schedule (LINK_CHECKS=false). */
export const LINK_CHECKS_OFF = "Link checks are off";
export const LINK_CHECKS_OFF_DETAIL =
  "This server does not check download links on schedule (LINK_CHECKS=false), so links are only checked when someone presses Check now.";

/** The overview's line under the download-link count: what the checker found, what it has not reached, and whether it runs. */
export function linkHealthHint(
  figures: { broken: number; disabled: number; neverChecked: number; checksOn: boolean },
  format: (n: number) => string,
): string {
  const parts = [figures.broken === 0 ? "None found broken" : `${format(figures.broken)} broken`];
  if (figures.disabled > 0) parts.push(`${format(figures.disabled)} disabled`);
  if (figures.neverChecked > 0) parts.push(`${format(figures.neverChecked)} never checked`);
  if (!figures.checksOn) parts.push(LINK_CHECKS_OFF);
  return parts.join(" · ");
}
