import type { Preferences, Role } from "./schema.ts";

/** An admin account as the panel shows it; never carries the password hash. */
export interface Admin {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  bio: string | null;
  location: string | null;
  preferences: Preferences;
  createdAt: string;
  passwordChangedAt: string;
}

/** One row of the Users screen: the account without its profile or preferences. */
export type AdminListEntry = Pick<Admin, "id" | "name" | "email" | "role" | "disabled" | "createdAt">;

/** What the Users screen's loader hands its page. */
export interface UsersScreenData {
  /** The signed-in administrator, who cannot disable or demote their own account there. */
  currentId: number;
  users: AdminListEntry[];
}

/** The signed-in admin of a request, with the session it came with. */
export interface AdminSession {
  admin: Admin;
  sessionId: string;
  persistent: boolean;
  expiresAt: string;
}
