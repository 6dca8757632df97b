/** Shapes of the Drive answers Cinedex reads, safe for the browser (the pages render them). */

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  size: number | null;
  webViewLink: string | null;
  modifiedTime: string | null;
  shared: boolean;
}

export const FOLDER_MIME = "application/vnd.google-apps.folder";

/** Drive ids are URL-safe base64-ish; anything else never reaches a query. */
export const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;
