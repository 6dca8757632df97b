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

/** The signed-in admin of a request, with the session it came with. */
export interface AdminSession {
  admin: Admin;
  sessionId: string;
  persistent: boolean;
  expiresAt: string;
}
