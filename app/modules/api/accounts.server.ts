import type { Db } from "#app/db/client.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { setAdminDisabled } from "#app/modules/auth/accounts.server.ts";
import type { Admin } from "#app/modules/auth/types.ts";
import { revokeTokensMadeBy } from "./tokens.server.ts";

/**
 * Disables or re-enables an account; disabling also revokes the API tokens it made
 * (ADR 034), in the same transaction, and the audit entry counts them. The users
 * screen calls this rather than auth's setAdminDisabled, which knows nothing of tokens.
 */
export function setAccountDisabled(db: Db, actor: Actor, id: number, disabled: boolean): Promise<Admin> {
  return setAdminDisabled(db, actor, id, disabled, revokeTokensMadeBy);
}
