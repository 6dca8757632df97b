import { z } from "#app/utils/zod.ts";
import { MIN_PASSWORD_LENGTH } from "#app/constants.ts";

/** Accepted lengths. The upper bound keeps hashing cheap to refuse; nothing is truncated. */
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
export const PASSWORDS_DONT_MATCH = "New passwords don't match!";
export const LOGIN_FAILED = "Login failed: Invalid email or password";
export const LOGIN_SUCCESS = "Login successful!";
export const LOGGED_OUT = "Logged out successfully";

export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: "Administrator", editor: "Editor" };
export const CHOOSE_ROLE = "Please choose Administrator or Editor.";

/** "an Administrator", "an Editor": the role in a sentence. */
export function roleWithArticle(role: Role): string {
  return `an ${ROLE_LABELS[role]}`;
}

/** The Users screen's "Make Administrator / Make Editor". */
export const roleChangeSchema = z.object({ role: z.enum(ROLES, CHOOSE_ROLE) });

/** Code points, so a password of emoji is measured as a person counts it. */
function lengthOf(value: string): number {
  return [...value].length;
}

export const newPassword = z
  .string()
  .refine((v) => lengthOf(v) >= MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .refine((v) => lengthOf(v) <= MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

/** E-mail addresses are kept lowercased: one account per mailbox, whatever the case typed. */
export function normalizeEmail(value: string): string {
  return value.normalize("NFKC").trim().toLowerCase();
}

export const email = z
  .string()
  .transform(normalizeEmail)
  .pipe(z.string().min(1, "Please enter your email").max(254, "E-mail address is too long"))
  .pipe(z.email("Please enter a valid email address."));

const name = z.string().trim().min(1, "Please enter a name").max(100, "Name must be at most 100 characters");

/**
 * Sign-in input is never refused for its shape: anything wrong is just a failed
 * sign-in. Over-long input is cut at a length no valid password reaches
 * (256 code points are at most 512 UTF-16 units), so it still cannot match.
 */
export const loginSchema = z.object({
  email: z.string().transform((v) => normalizeEmail(v.slice(0, 320))),
  password: z.string().transform((v) => v.slice(0, MAX_PASSWORD_LENGTH * 2 + 1)),
  remember: z.boolean().default(false),
});

/**
 * The sign-in form as posted: text of any kind (login() refuses a wrong one as a
 * failed sign-in, never for its shape); "Remember me" is a checkbox ("on") or a
 * JSON boolean.
 */
export const signInFormSchema = z.object({
  email: z.string().default(""),
  password: z.string().default(""),
  remember: z.union([z.string().max(10), z.boolean()]).optional(),
});

/** The first-run form, and the Users screen's "add account". */
export const newAdminSchema = z
  .object({
    name,
    email,
    password: newPassword,
    confirmPassword: z.string(),
    role: z.enum(ROLES).default("admin"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ["confirmPassword"] });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, "Please enter your current password")
      .max(MAX_PASSWORD_LENGTH * 4),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ["confirmPassword"] });

export const profileSchema = z.object({
  name,
  email,
  bio: z
    .string()
    .trim()
    .max(500, "Bio must be at most 500 characters")
    .transform((v) => v || null),
  location: z
    .string()
    .trim()
    .max(100, "Location must be at most 100 characters")
    .transform((v) => v || null),
});

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const preferencesSchema = z.object({
  theme: z.enum(THEMES).default("dark"),
  notifications: z
    .object({ email: z.boolean(), inApp: z.boolean(), marketing: z.boolean() })
    .default({ email: true, inApp: true, marketing: false }),
});
export type Preferences = z.output<typeof preferencesSchema>;

export const CHOOSE_THEME = "Please choose light or dark.";

/** The Appearance tab: one button per theme. */
export const themeFormSchema = z.object({ theme: z.enum(THEMES, CHOOSE_THEME) });

/** A switch as posted: "on" when checked (or a JSON boolean); absent when not. */
const switchField = z
  .union([z.literal("on"), z.boolean()])
  .optional()
  .transform((v) => v === "on" || v === true);

/** The Notifications tab's three switches. */
export const notificationsFormSchema = z.object({ email: switchField, inApp: switchField, marketing: switchField });

/** Stored preferences, read leniently: anything unreadable falls back to the defaults. */
export function readPreferences(json: string | null): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(json ?? "{}"));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the defaults
  }
  return preferencesSchema.parse({});
}
