import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table; paths follow docs/product/spec.md section 2.
export default [
  index("routes/site/home.tsx"),
  route("genre/:category", "routes/site/genre.tsx", { id: "genre" }),
  route("genre/:category/:type", "routes/site/genre.tsx", { id: "genre-by-type" }),
  route("movie/:id/:slug?", "routes/site/title.tsx"),
  route("archive/:id/:quality", "routes/site/archive.tsx"),
  route("desksync/:id/:seasonId/:quality/:type", "routes/site/link-details.tsx"),
  route("middleman", "routes/site/middleman.tsx"),
  route("page3", "routes/site/page3.tsx"),
  route("watchlist", "routes/site/watchlist.tsx"),
  route("search", "routes/site/search.tsx"),

  route("contact-us", "routes/site/forms/contact-us.tsx"),
  route("request", "routes/site/forms/request.tsx"),
  route("broken-links", "routes/site/forms/broken-links.tsx"),
  route("dmca", "routes/site/forms/dmca.tsx"),

  route("how-to-download", "routes/site/help/how-to-download.tsx"),
  route("faq", "routes/site/help/faq.tsx"),
  route("about-us", "routes/site/help/about-us.tsx"),
  route("site-disclaimer", "routes/site/help/site-disclaimer.tsx"),
  route("privacy-policy", "routes/site/help/privacy-policy.tsx"),
  route("terms", "routes/site/help/terms.tsx"),
  // Paths the spec's footer links to without defining them (docs/product/decisions.md "Footer links").
  route("about", "routes/site/help/moved.ts", { id: "moved-about" }),
  route("contact", "routes/site/help/moved.ts", { id: "moved-contact" }),
  route("privacy", "routes/site/help/moved.ts", { id: "moved-privacy" }),

  // Admin panel (docs/product/spec.md "Admin screens"): /admin signs in; everything in the layout requires a session.
  route("admin", "routes/admin/login.tsx"),
  route("admin/setup", "routes/admin/setup.ts"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("dashboard", "routes/admin/overview.tsx"),
    route("dashboard/movies", "routes/admin/titles.tsx", { id: "admin-movies" }, [
      route(":id", "routes/admin/edit-title.tsx", { id: "admin-movie-edit" }),
    ]),
    route("dashboard/tv", "routes/admin/titles.tsx", { id: "admin-tv" }, [
      route(":id", "routes/admin/edit-title.tsx", { id: "admin-tv-edit" }),
    ]),
    route("dashboard/titles/bulk", "routes/admin/bulk-titles.ts"),
    route("dashboard/titles/:id/delete", "routes/admin/delete-title-part.ts"),
    route("dashboard/titles/:id/fix-reports", "routes/admin/fix-title-reports.ts"),
    route("dashboard/titles/:id/search-boost", "routes/admin/title-search-boost.ts"),
    route("add", "routes/admin/add.tsx"),
    route("dashboard/tmdb", "routes/admin/tmdb.ts"),
    // The accounts; each form posts to a route of its own below.
    route("dashboard/users", "routes/admin/users.tsx", [
      index("routes/admin/users/index.ts"),
      route("new", "routes/admin/users/new.tsx"),
      route(":id/role", "routes/admin/users/role.tsx"),
      route(":id/disable", "routes/admin/users/disable.tsx"),
      route(":id/enable", "routes/admin/users/enable.tsx"),
    ]),
    route("dashboard/import", "routes/admin/import.tsx"),
    route("dashboard/import/:id/apply", "routes/admin/import-apply.ts"),
    route("dashboard/export", "routes/admin/export.ts"),
    route("dashboard/analytics", "routes/admin/analytics.tsx"),
    route("dashboard/analytics/export", "routes/admin/analytics-export.ts"),
    // Link health (ADR 029): the screen; each form posts to a route of its own below; a link's page and history.
    route("dashboard/link-health", "routes/admin/link-health.tsx", [
      index("routes/admin/link-health/index.ts"),
      route("check-all", "routes/admin/link-health/check-all.tsx"),
      route("settings", "routes/admin/link-health/settings.tsx"),
      route("titles/:id/check", "routes/admin/link-health/check-title.tsx"),
    ]),
    route("dashboard/link-health/links/:id", "routes/admin/link-health-link.tsx"),
    route("dashboard/activity", "routes/admin/activity.tsx"),
    // Settings: a route per section and per form; the Profile section is /dashboard/settings itself.
    route("dashboard/settings", "routes/admin/settings.tsx", [
      index("routes/admin/settings/profile.tsx"),
      route("appearance", "routes/admin/settings/appearance.tsx"),
      route("notifications", "routes/admin/settings/notifications.tsx"),
      route("security", "routes/admin/settings/security.tsx"),
      route("account", "routes/admin/settings/account.tsx"),
      route("account/sign-out-everywhere", "routes/admin/settings/sign-out-everywhere.tsx"),
      route("featured", "routes/admin/settings/featured.tsx"),
      route("genres", "routes/admin/settings/genres.tsx"),
      route("site", "routes/admin/settings/site.tsx"),
      route("operator", "routes/admin/settings/operator.tsx"),
      route("operator/test", "routes/admin/settings/operator-test.tsx"),
      route("api-tokens", "routes/admin/settings/api-tokens.tsx"),
      route("api-tokens/revoke", "routes/admin/settings/api-tokens-revoke.tsx"),
    ]),
    route("dashboard/inbox", "routes/admin/inbox/index.ts"),
    route("dashboard/inbox/:kind", "routes/admin/inbox/list.tsx"),
    // An item's page; each form on it posts to a route of its own below it.
    route("dashboard/inbox/:kind/:id", "routes/admin/inbox/item.tsx", [
      index("routes/admin/inbox/item-view.ts"),
      route("reopen", "routes/admin/inbox/reopen.ts"),
      route("fulfill", "routes/admin/inbox/requests/fulfill.ts"),
      route("decline", "routes/admin/inbox/requests/decline.ts"),
      route("close", "routes/admin/inbox/reports/close.ts"),
      route("resolve", "routes/admin/inbox/contact/resolve.ts"),
      route("disable", "routes/admin/inbox/dmca/disable.ts"),
      route("reenable", "routes/admin/inbox/dmca/reenable.ts"),
      route("reject", "routes/admin/inbox/dmca/reject.ts"),
    ]),
  ]),

  // Google sign-in and the Drive dashboard (docs/product/spec.md "Drive screens"; docs/product/decisions.md "Google Drive dashboard").
  route("login", "routes/desksync/login.tsx"),
  route("login/google", "routes/desksync/start.ts"),
  route("login/callback", "routes/desksync/callback.tsx"),
  route("login-success", "routes/desksync/login-success.tsx"),
  route("logout", "routes/desksync/logout.ts"),
  // The dashboard: one route per view; Share and Settings each post to their own action.
  route("desksync", "routes/desksync/layout.tsx", [
    index("routes/desksync/overview.tsx"),
    route("drive", "routes/desksync/drive.tsx"),
    route("share", "routes/desksync/share.tsx"),
    route("upload", "routes/desksync/upload.tsx"),
    route("settings", "routes/desksync/settings.tsx"),
  ]),

  route("api/suggest", "routes/api/suggest.ts"),
  route("api/request-title", "routes/api/request-title.ts"),
  // The public read API (ADR 031): JSON, described by the OpenAPI document; /api/docs is its reference page.
  route("api/v1/titles", "routes/api/v1/titles.ts"),
  route("api/v1/titles/:id", "routes/api/v1/title.ts"),
  route("api/v1/links/:id", "routes/api/v1/link.ts"),
  route("api/v1/inbox/:kind", "routes/api/v1/inbox.ts"),
  route("api/v1/inbox/:kind/:id", "routes/api/v1/inbox-item.ts"),
  route("api/v1/genres", "routes/api/v1/genres.ts"),
  route("api/v1/search", "routes/api/v1/search.ts"),
  route("api/v1/suggestions", "routes/api/v1/suggestions.ts"),
  route("api/v1/settings", "routes/api/v1/settings.ts"),
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  // Any other address under /api/ (v1 or not): a 404 problem, as the API answers every error.
  route("api/*", "routes/api/v1/not-found.ts"),
  route("api/docs", "routes/api/docs.tsx"),
  route("banners/dismiss", "routes/resources/dismiss-banner.ts"),
  route("share/:file", "routes/resources/share-card.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:name", "routes/resources/sitemap-part.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
