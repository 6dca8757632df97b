import { useActionData } from "react-router";
import { ApiTokensScreen, type TokenResult } from "#app/components/admin/settings/api-tokens-screen.tsx";
import { settingsMeta, type SettingsHandle } from "#app/components/admin/settings/tabs.tsx";
import { getApp } from "#app/context.ts";
import { TOKEN_CREATED, tokenFormSchema } from "#app/modules/api/tokens.ts";
import { createApiToken, listApiTokens } from "#app/modules/api/tokens.server.ts";
import { actorFrom, requireRole } from "#app/http/admin-guard.server.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/api-tokens";

export const handle: SettingsHandle = { settingsTab: "api-tokens" };
export const meta = () => settingsMeta("api-tokens");

/** Tokens for the /api/v1 write API (ADR 034); Administrators only. */
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { tokens: await listApiTokens(getApp(context).db), now: Date.now() };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  return handleSubmission(request, tokenFormSchema, async (input): Promise<FormSuccess<{ secret: string; name: string }>> => {
    const { token, secret } = await createApiToken(getApp(context).db, actorFrom(context), input);
    return { ok: true, message: TOKEN_CREATED, secret, name: token.name };
  });
}

export default function ApiTokens({ loaderData }: Route.ComponentProps) {
  const result = useActionData<TokenResult>();
  return <ApiTokensScreen data={loaderData} created={result} />;
}
