import { z } from "zod";
import { FOLDER_MIME } from "#app/integrations/google/types.ts";

/** Texts and limits of the Drive screens (SPEC.md "Drive screens", section 8). */
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

export const DRIVE_THEMES = ["dark", "light", "system"] as const;

export const driveSettingsSchema = z.object({
  username: z.string().trim().min(1, "Please enter a username").max(60, "Username must be at most 60 characters"),
  theme: z.enum(DRIVE_THEMES, { error: "Please choose a theme" }),
  emailNotifications: z.boolean(),
  uploadNotifications: z.boolean(),
  shareNotifications: z.boolean(),
});
export type DriveSettings = z.infer<typeof driveSettingsSchema>;

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
