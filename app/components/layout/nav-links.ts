/** The navbar's links (docs/product/spec.md "Navbar"); Home is active on an exact match only, the rest by prefix. */
export const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/faq", label: "FAQ", end: false },
  { to: "/contact-us", label: "Help", end: false },
  { to: "/request", label: "Movie Request", end: false },
  { to: "/how-to-download", label: "How to download?", end: false },
] as const;
