/**
 * The product's business constants (docs/product/spec.md section 9), in one place.
 * Anything that changes at runtime by an admin belongs in settings instead.
 */

export const LISTING_PAGE_SIZE = 15;
/** A search counts its matches up to this many and pages through those, the best first ("2,000+ titles"; ADR 007). */
export const SEARCH_COUNT_CAP = 2_000;
export const PAGINATION_WINDOW = 5;
export const ADMIN_LIST_PAGE_SIZE = 20;

export const CAROUSEL_INTERVAL_MS = 5_000;
export const SWIPE_THRESHOLD_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_GENRE_PREVIEW = 8;
export const NAVBAR_SCROLLED_PX = 50;

export const LATEST_WINDOW_DAYS = 30;

export const VISITED_LINK_TTL_MS = 7_200_000;
export const VISITED_LINK_CHECK_MS = 60_000;

export const FOOTER_RECENTLY_VIEWED = 4;
export const RECENTLY_VIEWED_CAP = 10;

export const LOGIN_REDIRECT_MS = 1_000;
export const COPY_HIGHLIGHT_MS = 2_000;
export const ADMIN_LOGOUT_REDIRECT_MS = 500;
export const SCROLL_RESTORE_DELAY_MS = 100;
export const MIDDLEMAN_COUNTDOWN_S = 10;
export const BANNER_AUTO_CLOSE_MS = 5_000;

export const TOAST_DURATION_MS = { blank: 4_000, error: 4_000, success: 2_000 } as const;
export const TOAST_LIMIT = 20;

export const MIN_PASSWORD_LENGTH = 8;

/** Years a title can have: the first films date from the 1870s. */
export const YEAR_RANGE = { min: 1870, max: 2100 } as const;

export const ADMIN_QUALITY_OPTIONS = ["480p", "720p", "720p 10Bit", "1080p", "1080p 10Bit", "4k"] as const;
export const REQUEST_QUALITY_OPTIONS = ["480p", "720p", "720p 10bit", "1080p", "1080p 10bit", "4k"] as const;
export const FILE_FORMATS = ["mkv", "mp4", "avi", "webm"] as const;
export const DEFAULT_FILE_FORMAT = "mkv";
export const SUBTITLE_LANGUAGES = ["English", "Hindi", "Spanish", "Japanese", "French", "German"] as const;

export const BROKEN_REPORT_QUALITIES = ["480p", "720p", "1080p", "4K", "Other"] as const;
export const BROKEN_REPORT_LINK_TYPES = ["Google Drive", "Fast Server", "Direct Download", "Resume Download", "Other"] as const;
export const REQUEST_CONTENT_TYPES = ["Movie", "Series", "Anime", "Documentary"] as const;
export const DMCA_CONTENT_TYPES = ["Movie", "TV Series", "Music", "Image", "Software", "Other"] as const;

export const RESPONSE_TIMES = { request: "24-72 hours", contact: "24-48 hours", dmca: "24-48 hours" } as const;

/** The fixed genre list; the first migration seeds it and admins may add more. */
export const GENRES = [
  "Action",
  "Adventure",
  "Biography",
  "BollyWood",
  "Comedy",
  "Crime",
  "Documentary",
  "Drama",
  "Dual Audio",
  "Family",
  "Fantasy",
  "Hindi Dubbed",
  "History",
  "HollyWood",
  "Horror",
  "Romance",
  "Sci-Fi",
  "South Hindi Movies",
  "Thriller",
  "TV-Shows",
  "WEB-Series",
] as const;

/**
 * HTTP caching of anonymous pages by proxies and CDNs (ADR 014): a shared cache may
 * keep a page this many seconds, then serve it stale while it refetches for this many
 * more. The server's own page cache is never stale; these bound what sits in front.
 */
export const PAGE_SHARED_MAX_AGE_S = 10;
export const PAGE_STALE_WHILE_REVALIDATE_S = 30;

/**
 * The longest address stored anywhere (download links, artwork, visitors' forms,
 * the operator's webhook): browsers and proxies handle 2,048 characters safely.
 */
export const MAX_URL_LENGTH = 2_048;

/**
 * The largest catalogue file the admin Import screen accepts (ADR 032): about
 * 20,000 titles with 3 links each as CSV. The server raises its body limit for
 * that one path only (ADR 004); bigger catalogues go through `npm run catalogue:import`.
 */
export const IMPORT_UPLOAD_LIMIT = 8 * 1024 * 1024;
