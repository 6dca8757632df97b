import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types shared by both dialects.
 *
 * Conventions that make SQLite and PostgreSQL look the same to the app:
 * - Timestamps are ISO-8601 text in the app on both (PostgreSQL `timestamptz` is
 *   parsed back to an ISO string by the pool's type parser, see client.server.ts).
 * - Calendar dates are `YYYY-MM-DD` text (PostgreSQL `date` is read back as text).
 * - Booleans are written as JS booleans (the SQLite driver binds them as 1/0) but
 *   SQLite reads them back as 0/1, so readers must go through `toBool`.
 */
type Id = Generated<number>;
type Timestamp = ColumnType<string, string | undefined, string>;
type DbBool = ColumnType<boolean | number, boolean | undefined, boolean>;

export type TitleType = "movie" | "tv";
export type CreditRole = "director" | "cast";
export type LinkKind = "file" | "zip";
export type LinkStatus = "ok" | "broken" | "disabled";

export interface TitlesTable {
  id: Id;
  type: TitleType;
  slug: string;
  title: string;
  original_title: string | null;
  tmdb_id: number | null;
  imdb_id: string | null;
  overview: string | null;
  tagline: string | null;
  storyline: string | null;
  release_date: string | null;
  runtime_minutes: number | null;
  rating: number | null;
  adult: DbBool;
  language: string | null;
  poster_url: string | null;
  background_url: string | null;
  trailer_url: string | null;
  file_format: Generated<string>;
  featured: DbBool;
  featured_order: number | null;
  uploaded_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** TMDB's figures as last reported (search popularity, ADR 007); null when unknown. */
  tmdb_popularity: number | null;
  tmdb_vote_average: number | null;
  tmdb_vote_count: number | null;
  /** When the hourly job (or a write carrying the figures) last set them. */
  tmdb_refreshed_at: string | null;
}

export interface GenresTable {
  id: Id;
  name: string;
  slug: string;
  position: number;
  /** Hidden from the public site; admins still see and assign it. */
  hidden: DbBool;
}

export interface TitleGenresTable {
  title_id: number;
  genre_id: number;
  position: number;
}

export interface CreditsTable {
  id: Id;
  title_id: number;
  role: CreditRole;
  name: string;
  character: string | null;
  position: number;
}

export interface TitleSubtitlesTable {
  title_id: number;
  language: string;
  position: number;
}

export interface ScreenshotsTable {
  id: Id;
  title_id: number;
  url: string;
  position: number;
}

export interface ReleasesTable {
  id: Id;
  title_id: number;
  quality: string;
  season: string | null;
  position: number;
}

export interface FilesTable {
  id: Id;
  release_id: number;
  title: string;
  size: string | null;
  position: number;
}

export interface LinksTable {
  id: Id;
  release_id: number;
  /** Null for a zip link, which belongs to the release as a whole. */
  file_id: number | null;
  kind: LinkKind;
  label: string;
  url: string;
  size: string | null;
  status: LinkStatus;
  position: number;
}

export type LinkHealthStatus = "ok" | "broken" | "unknown";
export type LinkCheckOutcome = "ok" | "failed" | "inconclusive";

/** The link checker's view of one link (ADR 029). */
export interface LinkHealthTable {
  link_id: number;
  status: Generated<LinkHealthStatus>;
  /** The address last checked: when the link's address changes it starts afresh. */
  checked_url: string | null;
  http_status: number | null;
  final_url: string | null;
  content_length: number | null;
  content_type: string | null;
  response_ms: number | null;
  error: string | null;
  checked_at: string | null;
  consecutive_failures: Generated<number>;
  next_check_at: string | null;
  /** The checker, not an admin, set links.status to 'broken'; only then does a recovery set it back. */
  marked_broken: DbBool;
}

/** One check of a link; the newest few per link are kept. */
export interface LinkChecksTable {
  id: Id;
  link_id: number;
  checked_at: string;
  outcome: LinkCheckOutcome;
  http_status: number | null;
  final_url: string | null;
  response_ms: number | null;
  error: string | null;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: Timestamp;
}

export interface LinkClicksTable {
  link_id: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

/** A visitor counted for a link on a day: a keyed hash that changes every day, never the address. */
/** A single row (id 1) counting changes to what visitors see (ADR 014). */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** The background-job queue on SQLite (app/modules/jobs/table-runner.server.ts; ADR 028). */
export interface JobsTable {
  id: Id;
  name: string;
  /** The job's data, JSON. */
  data: string;
  state: "pending" | "active" | "done" | "failed";
  /** The schedule slot of a scheduled run; null for one-off jobs. */
  slot: string | null;
  attempts: Generated<number>;
  retry_limit: number;
  retry_delay_s: number;
  retry_backoff: boolean;
  run_at: string;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** Page views of a title on a UTC day, from non-robot visitors (ADR 035). */
export interface TitleViewsTable {
  title_id: number;
  day: string;
  views: number;
}

/** Page requests from non-robot visitors on a UTC day (ADR 035). */
export interface SiteRequestsTable {
  day: string;
  requests: number;
}

export interface LinkClickVisitorsTable {
  link_id: number;
  day: string;
  visitor: string;
}

/** One normalised row per title (app/modules/search/text.ts); PostgreSQL adds a generated tsvector. */
export interface SearchDocumentsTable {
  title_id: number;
  title: string;
  original: string;
  names: string;
  /** Other forms of the words (app/modules/search/text.ts alternativeWords). */
  alt: string;
  /** "|title key|original key|" (titleKey). */
  keys: string;
  /** Ranking signal (app/modules/search/popularity.server.ts); higher first among equal matches. */
  popularity: number;
  /** YYYY, or empty. */
  year: string;
  /** Filter words: type, year spans, genres, qualities (app/modules/search/tags.ts). PostgreSQL indexes them as tag_tsv. */
  tags: string;
  /** Copies of the title's fields that searches filter and order by. */
  type: TitleType;
  uploaded_at: Timestamp;
  rating: number | null;
}

/** What is known of a title's popularity from outside, and the admin's boost (search ranking). */
export interface TitlePopularityTable {
  title_id: number;
  votes: number | null;
  tmdb_popularity: number | null;
  boost: Generated<number>;
  /** The site's page views of the title in the last 30 days, as of the hourly refresh. */
  views: Generated<number>;
}

/** SQLite only: FTS5 tables whose rowid is the title id. */
export interface SearchWordsTable {
  rowid: number;
  title: string;
  original: string;
  names: string;
  alt: string;
  year: string;
  tags: string;
}

/** The dictionary of indexed words that typo tolerance reaches (text.ts isDictionaryWord). */
export interface SearchTermsTable {
  term: string;
}

/** One row per title key of search_documents.keys: exact and leading title matches by B-tree range. */
export interface SearchKeysTable {
  key: string;
  title_id: number;
}

/** Each dictionary word under itself and its one-letter deletions (text.ts termKeys). */
export interface SearchTermKeysTable {
  key: string;
  term: string;
}

export interface SearchQueriesTable {
  query: string;
  searches: number;
  zero_result_searches: number;
  last_result_count: number;
  last_searched_at: Timestamp;
}

export type AdminRole = "admin" | "editor";
export type LoginOutcome = "success" | "failure" | "locked" | "throttled";

export interface AdminsTable {
  id: Id;
  email: string;
  name: string;
  password_hash: string;
  role: AdminRole;
  disabled: DbBool;
  bio: string | null;
  location: string | null;
  /** JSON text. */
  preferences: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  password_changed_at: Timestamp;
}

export interface AdminSessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  admin_id: number;
  persistent: DbBool;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  id: Id;
  at: string;
  email: string;
  admin_id: number | null;
  client: string;
  outcome: LoginOutcome;
}

export interface AuditLogTable {
  id: Id;
  at: string;
  admin_id: number | null;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: number | null;
  summary: string;
  /** JSON text. */
  details: string | null;
}

export interface GoogleAccountsTable {
  id: Id;
  subject: string;
  email: string;
  name: string;
  picture: string | null;
  /** JSON text. */
  preferences: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ContentRequestType = "Movie" | "Series" | "Anime" | "Documentary";
export type ContentRequestSource = "form" | "quick" | "tmdb-search";
export type ContentRequestStatus = "pending" | "fulfilled" | "declined";

export interface ContentRequestsTable {
  id: Id;
  name: string;
  email: string | null;
  content_type: ContentRequestType;
  title: string;
  title_key: string;
  year: number | null;
  imdb_id: string | null;
  tmdb_id: number | null;
  message: string | null;
  source: ContentRequestSource;
  status: Generated<ContentRequestStatus>;
  request_count: Generated<number>;
  /** The catalogue title a quick request asks a quality of. */
  title_id: number | null;
  /** The quality a quick request asks for. */
  quality: string | null;
  fulfilled_title_id: number | null;
  decline_reason: string | null;
  read_at: string | null;
  resolved_at: string | null;
  resolved_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One person's ask behind a content request, as they sent it. */
export interface ContentRequestSubmissionsTable {
  id: Id;
  request_id: number;
  source: ContentRequestSource;
  name: string | null;
  email: string | null;
  content_type: string | null;
  title: string | null;
  year: string | null;
  imdb_url: string | null;
  message: string | null;
  quality: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  client_hash: string | null;
  created_at: Timestamp;
}

/** Columns every inbox table has for triage. */
interface TriageColumns {
  read_at: string | null;
  resolved_at: string | null;
  resolved_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type LinkReportStatus = "open" | "fixed" | "invalid";

export interface LinkReportsTable extends TriageColumns {
  id: Id;
  primary_id: number | null;
  link_id: number | null;
  link_url: string | null;
  title_id: number | null;
  content_name: string;
  season_episode: string | null;
  quality: string | null;
  link_type: string | null;
  additional_info: string | null;
  status: Generated<LinkReportStatus>;
  resolution_note: string | null;
  client_hash: string | null;
  /** Opened by the link checker rather than a visitor (ADR 029). */
  found_by_checker: Generated<boolean | number>;
}

export type ContactMessageStatus = "new" | "answered" | "archived";

export interface ContactMessagesTable extends TriageColumns {
  id: Id;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  status: Generated<ContactMessageStatus>;
  client_hash: string | null;
}

export type DmcaNoticeStatus = "received" | "actioned" | "rejected";

export interface DmcaNoticesTable extends TriageColumns {
  id: Id;
  name: string;
  email: string;
  content_url: string;
  content_type: string | null;
  copyright_proof: string;
  message: string | null;
  /** SQLite answers 0/1, PostgreSQL true/false. */
  declaration: boolean | number;
  status: Generated<DmcaNoticeStatus>;
  resolution_note: string | null;
  client_hash: string | null;
}

export interface DmcaNoticeTargetsTable {
  id: Id;
  notice_id: number;
  title_id: number | null;
  link_id: number | null;
  origin: "url" | "admin";
  disabled_at: string | null;
  reenabled_at: string | null;
}

export interface GoogleSessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  account_id: number;
  /** Sealed (encrypted) JSON of the Google tokens. */
  tokens: string;
  created_at: string;
  expires_at: string;
}

/** PostgreSQL only (ADR 027): rate-limiter-flexible's store. */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Epoch milliseconds. */
  expire: number | null;
}

/** PostgreSQL only (ADR 027): external answers shared by instances. */
export interface SharedCacheTable {
  key: string;
  /** JSON text. */
  value: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

export type ImportFormat = "json" | "csv" | "ids";
export type ImportStatus = "planned" | "applying" | "done" | "failed";

export interface ImportRunsTable {
  id: Id;
  created_at: string;
  updated_at: string;
  admin_id: number | null;
  actor: string;
  source_name: string;
  format: ImportFormat;
  status: ImportStatus;
  /** JSON text: the validated titles, in file order. */
  items: string;
  total: number;
  done: ColumnType<number, number | undefined, number>;
  created: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  /** JSON text: the dry run's counts. */
  plan: string;
  error: string | null;
}

export type ApiTokenScope = "read" | "catalogue:write" | "inbox";

export interface ApiTokensTable {
  id: Id;
  name: string;
  scope: ApiTokenScope;
  /** SHA-256 (hex) of the secret; the secret itself is never stored. */
  token_hash: string;
  prefix: string;
  created_at: string;
  created_by: number | null;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ApiIdempotencyTable {
  token_id: number;
  key: string;
  request_hash: string;
  status: number;
  body: string;
  expires_at: string;
}

/** A visitor form's submission id and the success it answered (replayed to a resend). */
export interface FormSubmissionsTable {
  form: string;
  submission_id: string;
  answer: string;
  created_at: string;
}

export interface Database {
  titles: TitlesTable;
  genres: GenresTable;
  title_genres: TitleGenresTable;
  credits: CreditsTable;
  title_subtitles: TitleSubtitlesTable;
  screenshots: ScreenshotsTable;
  releases: ReleasesTable;
  files: FilesTable;
  links: LinksTable;
  link_health: LinkHealthTable;
  link_checks: LinkChecksTable;
  settings: SettingsTable;
  link_clicks: LinkClicksTable;
  link_click_visitors: LinkClickVisitorsTable;
  title_views: TitleViewsTable;
  site_requests: SiteRequestsTable;
  jobs: JobsTable;
  content_version: ContentVersionTable;
  search_documents: SearchDocumentsTable;
  title_popularity: TitlePopularityTable;
  search_words: SearchWordsTable;
  search_terms: SearchTermsTable;
  search_term_keys: SearchTermKeysTable;
  search_keys: SearchKeysTable;
  search_queries: SearchQueriesTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  google_accounts: GoogleAccountsTable;
  google_sessions: GoogleSessionsTable;
  content_requests: ContentRequestsTable;
  content_request_submissions: ContentRequestSubmissionsTable;
  link_reports: LinkReportsTable;
  contact_messages: ContactMessagesTable;
  dmca_notices: DmcaNoticesTable;
  dmca_notice_targets: DmcaNoticeTargetsTable;
  rate_limits: RateLimitsTable;
  shared_cache: SharedCacheTable;
  import_runs: ImportRunsTable;
  api_tokens: ApiTokensTable;
  api_idempotency: ApiIdempotencyTable;
  form_submissions: FormSubmissionsTable;
}

export type TitleRow = Selectable<TitlesTable>;
export type NewTitleRow = Insertable<TitlesTable>;
export type TitleUpdate = Updateable<TitlesTable>;
export type LinkRow = Selectable<LinksTable>;
