import { href } from "react-router";
import { z } from "#app/utils/zod.ts";
import { DRIVE_ID, FOLDER_MIME } from "#app/integrations/google/types.ts";

/** Texts and limits of the Drive screens (docs/product/spec.md "Drive screens", section 8). */
export const DRIVE_TEXT = {
  fetchFailed: "Failed to fetch Google Drive data",
  noFilesLogin: "No files found in your Google Drive",
  noFiles: "No files to display",
  unknownSize: "Unknown size",
  copied: "Link copied to clipboard!",
  logoutConfirm: "Are you sure you want to logout?",
  loggedOut: "Logged out successfully",
  underDevelopment: "This section is under development.",
  somethingWrong: "Something went wrong",
} as const;

export const DRIVE_VIEWS = ["dashboard", "drive", "share", "upload", "settings"] as const;
export type DriveView = (typeof DRIVE_VIEWS)[number];

/** Each view's own address (one route per view, app/routes.ts). */
export const DRIVE_VIEW_PATHS = {
  dashboard: href("/desksync"),
  drive: href("/desksync/drive"),
  share: href("/desksync/share"),
  upload: href("/desksync/upload"),
  settings: href("/desksync/settings"),
} as const satisfies Record<DriveView, string>;

/**
 * Where an old `/desksync?view=…` address now lives, with its other parameters
 * (folder, q, page) kept; null when the address has no `view`. An unknown view was
 * the dashboard before, so it still is.
 */
export function legacyViewLocation(url: URL): string | null {
  const view = url.searchParams.get("view");
  if (view === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("view");
  const path = (DRIVE_VIEWS as readonly string[]).includes(view) ? DRIVE_VIEW_PATHS[view as DriveView] : DRIVE_VIEW_PATHS.dashboard;
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}

/** Longest search text and page token read from a Drive view's address. */
export const DRIVE_SEARCH_MAX = 200;
export const DRIVE_PAGE_TOKEN_MAX = 2000;

export const DRIVE_THEMES = ["dark", "light", "system"] as const;

export const driveSettingsSchema = z.object({
  username: z.string().trim().min(1, "Please enter a username").max(60, "Username must be at most 60 characters"),
  theme: z.enum(DRIVE_THEMES, { error: "Please choose a theme" }),
  emailNotifications: z.boolean(),
  uploadNotifications: z.boolean(),
  shareNotifications: z.boolean(),
});
export type DriveSettings = z.infer<typeof driveSettingsSchema>;

/** A ticked checkbox posts "on", an unticked one nothing; JSON callers may send booleans. */
const toggle = z
  .union([z.literal("on"), z.boolean()])
  .optional()
  .transform((value) => value === "on" || value === true);

/** The Settings form as posted (docs/product/spec.md "Drive screens": username, theme, three notification toggles). */
export const driveSettingsFormSchema = z.object({
  username: z
    .string({ error: "Please enter a username" })
    .trim()
    .min(1, { error: "Please enter a username", abort: true })
    .max(60, "Username must be at most 60 characters"),
  theme: z.enum(DRIVE_THEMES, { error: "Please choose a theme" }),
  emailNotifications: toggle,
  uploadNotifications: toggle,
  shareNotifications: toggle,
});

/** Answers of the DeskSync actions when the visitor may not act. */
export const SIGN_IN_AGAIN = "Please sign in with Google again.";
export const SHARE_NOT_ENABLED = "Sharing is not enabled on this site.";
export const SETTINGS_SAVED = "Settings saved successfully!";

export const SHARE_FILE_MISSING = "Please choose a file to share.";

/** "Create link" on one of the files the visitor owns. */
export const shareLinkSchema = z.object({
  fileId: z.string({ error: SHARE_FILE_MISSING }).regex(DRIVE_ID, SHARE_FILE_MISSING),
});

export interface DriveProfile {
  name: string;
  email: string;
  picture: string | null;
}

export { DRIVE_ID, FOLDER_MIME, type DriveFile } from "#app/integrations/google/types.ts";

/** "1.5 GB" style sizes, for the storage card and file rows. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  const units = ["B", "KB", "MB", "GB", "TB", "PB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

/** A Drive file type for people: "Folder", "PDF", "image/png" → "PNG image". */
export function describeMime(mime: string): string {
  if (mime === FOLDER_MIME) return "Folder";
  if (mime.startsWith("application/vnd.google-apps.")) return `Google ${mime.slice(28).replace(/^./, (c) => c.toUpperCase())}`;
  return mime;
}
