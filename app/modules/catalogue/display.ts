/** Certification shown on a title: A for adult titles, otherwise U (docs/product/spec.md section 9). */
export function certification(adult: boolean): "A" | "U" {
  return adult ? "A" : "U";
}

/** How a release is named on the page: its quality, after its season for TV. */
export function releaseLabel(release: { quality: string; season: string | null }): string {
  return release.season ? `${release.season} · ${release.quality}` : release.quality;
}
