import type { Migration } from "kysely";
import * as catalogue from "./2026-11-21T1000_catalogue.ts";
import * as settingsAndClicks from "./2026-11-21T1400_settings_and_clicks.ts";
import * as search from "./2026-11-22T0900_search.ts";
import * as admin from "./2026-11-22T1500_admin.ts";
import * as contentRequests from "./2026-11-22T1700_content_requests.ts";
import * as google from "./2026-11-22T1800_google.ts";
import * as inbox from "./2026-11-22T2000_inbox.ts";
import * as contentVersion from "./2026-11-25T1100_content_version.ts";
import * as clickVisitors from "./2026-11-25T1420_click_visitors.ts";
import * as searchV2 from "./2026-11-26T1010_search_v2.ts";
import * as sharedState from "./2026-11-26T1020_shared_state.ts";
import * as jobs from "./2026-11-26T1030_jobs.ts";
import * as linkHealth from "./2026-11-26T1040_link_health.ts";
import * as linkHealthCheckedUrl from "./2026-11-26T1041_link_health_checked_url.ts";
import * as importRuns from "./2026-11-26T1070_import_runs.ts";
import * as genreVisibility from "./2026-11-26T1080_genre_visibility.ts";
import * as searchSpeed from "./2026-11-26T1110_search_speed.ts";
import * as apiTokens from "./2026-11-26T1120_api_tokens.ts";
import * as pageViews from "./2026-11-26T1130_page_views.ts";
import * as searchPrefixes from "./2026-11-27T1000_search_prefixes.ts";
import * as searchTags from "./2026-11-27T1100_search_tags.ts";
import * as searchRankCover from "./2026-11-28T0200_search_rank_cover.ts";
import * as searchPopularityOrder from "./2026-11-28T0600_search_popularity_order.ts";
import * as apiTokenCreators from "./2026-11-28T1900_api_token_creators.ts";
import * as formSubmissions from "./2026-11-28T1930_form_submissions.ts";
import * as searchPostgresWalk from "./2026-11-29T0440_search_postgres_walk.ts";
import * as relatedTitles from "./2026-11-29T0500_related_titles.ts";
import * as tmdbSignals from "./2026-11-29T0600_tmdb_signals.ts";

/**
 * Every migration, by name. Listed explicitly (rather than read from the folder at
 * run time) so the same list works in the bundled server, in tsx scripts and in
 * tests. Names are ISO-dated so they sort in the order they were written.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-21T1000_catalogue": catalogue,
  "2026-11-21T1400_settings_and_clicks": settingsAndClicks,
  "2026-11-22T0900_search": search,
  "2026-11-22T1500_admin": admin,
  "2026-11-22T1700_content_requests": contentRequests,
  "2026-11-22T1800_google": google,
  "2026-11-22T2000_inbox": inbox,
  "2026-11-25T1100_content_version": contentVersion,
  "2026-11-25T1420_click_visitors": clickVisitors,
  "2026-11-26T1010_search_v2": searchV2,
  "2026-11-26T1020_shared_state": sharedState,
  "2026-11-26T1030_jobs": jobs,
  "2026-11-26T1040_link_health": linkHealth,
  "2026-11-26T1041_link_health_checked_url": linkHealthCheckedUrl,
  "2026-11-26T1070_import_runs": importRuns,
  "2026-11-26T1080_genre_visibility": genreVisibility,
  "2026-11-26T1110_search_speed": searchSpeed,
  "2026-11-26T1120_api_tokens": apiTokens,
  "2026-11-26T1130_page_views": pageViews,
  "2026-11-27T1000_search_prefixes": searchPrefixes,
  "2026-11-27T1100_search_tags": searchTags,
  "2026-11-28T0200_search_rank_cover": searchRankCover,
  "2026-11-28T0600_search_popularity_order": searchPopularityOrder,
  "2026-11-28T1900_api_token_creators": apiTokenCreators,
  "2026-11-28T1930_form_submissions": formSubmissions,
  "2026-11-29T0440_search_postgres_walk": searchPostgresWalk,
  "2026-11-29T0500_related_titles": relatedTitles,
  "2026-11-29T0600_tmdb_signals": tmdbSignals,
};
