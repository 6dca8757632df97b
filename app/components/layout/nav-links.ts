/**
 * The navbar's links (docs/product/spec.md "Navbar"); Home is active on an exact match only, the rest by prefix.
 * Help opens the FAQ, where most questions are answered and which links to the contact page
 * (docs/product/decisions.md "Navigation"); on the FAQ only the FAQ link is marked current.
 */
export const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/faq", label: "FAQ", end: false },
  { to: "/faq", label: "Help", end: false },
  { to: "/request", label: "Movie Request", end: false },
  { to: "/how-to-download", label: "How to download?", end: false },
] as const;
