import { useActionData } from "react-router";
import { ApiTokensScreen } from "#app/components/admin/settings/api-tokens-screen.tsx";
import { getApp } from "#app/context.ts";
import { revokeFormSchema, TOKEN_REVOKED } from "#app/modules/api/tokens.ts";
import { revokeApiToken } from "#app/modules/api/tokens.server.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormResult, FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/api-tokens-revoke";

export { handle, loader, meta } from "./api-tokens.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, revokeFormSchema, async ({ id }): Promise<FormSuccess> => {
    await revokeApiToken(getApp(context).db, actorFrom(context), id);
    return { ok: true, message: TOKEN_REVOKED };
  });
}

export default function ApiTokensRevoke({ loaderData }: Route.ComponentProps) {
  return <ApiTokensScreen data={loaderData} revoked={useActionData<FormResult>()} />;
}
