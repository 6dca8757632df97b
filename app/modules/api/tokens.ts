import type { Role } from "#app/modules/auth/schema.ts";
import { z } from "#app/utils/zod.ts";

/** What a token may do (ADR 034). Each write scope includes reading. */
export const TOKEN_SCOPES = ["read", "catalogue:write", "inbox"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const SCOPE_LABELS: Record<TokenScope, string> = {
  read: "read: the read API only",
  "catalogue:write": "catalogue:write: create, edit and delete titles and links",
  inbox: "inbox: list and update inbox items",
};

/**
 * The scopes a token may use while its creator has this role (ADR 034). Only an
 * Administrator may grant tokens, so a token keeps its scope only while its creator
 * is one; a creator made an Editor leaves their tokens what needs no grant: reading.
 * Made an Administrator again, the creator's tokens get their scope back.
 */
export const ROLE_TOKEN_SCOPES: Record<Role, readonly TokenScope[]> = {
  admin: TOKEN_SCOPES,
  editor: ["read"],
};

/** Choices for a new token's lifetime, in days; "never" has no expiry. */
export const TOKEN_EXPIRIES = ["7", "30", "90", "365", "never"] as const;

export const TOKEN_NAME_MAX = 60;

export const tokenFormSchema = z.object({
  name: z
    .string({ error: "Please give the token a name." })
    .trim()
    .min(1, "Please give the token a name.")
    .max(TOKEN_NAME_MAX, `The name can be at most ${TOKEN_NAME_MAX} characters.`),
  scope: z.enum(TOKEN_SCOPES, { error: "Please choose a scope." }),
  expiry: z.enum(TOKEN_EXPIRIES, { error: "Please choose when the token expires." }),
});
export type TokenFormInput = z.output<typeof tokenFormSchema>;

export const revokeFormSchema = z.object({
  id: z.coerce.number({ error: "This token does not exist." }).int().positive("This token does not exist."),
});

export const TOKEN_CREATED = "Token created. Copy it now: it is not shown again.";
export const TOKEN_REVOKED = "Token revoked. Calls with it are refused from now on.";
export const TOKEN_NOT_FOUND = "This token does not exist or is already revoked.";

/** The secret's visible start: the fixed tag and a few characters to tell tokens apart. */
export const TOKEN_TAG = "cdx_";
export const PREFIX_LENGTH = TOKEN_TAG.length + 6;
