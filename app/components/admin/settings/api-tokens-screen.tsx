import { useRef, useState } from "react";
import { Form, href, useNavigation } from "react-router";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Button, Card, EmptyState } from "#app/components/admin/ui.tsx";
import { FormState, HiddenField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { FormMessage, useResultToast } from "#app/components/forms/result.tsx";
import { SCOPE_LABELS, TOKEN_NAME_MAX, TOKEN_SCOPES } from "#app/modules/api/tokens.ts";
import type { ApiToken } from "#app/modules/api/tokens.server.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { copyText } from "#app/utils/clipboard.ts";

const CREATE_PATH = href("/dashboard/settings/api-tokens");
const REVOKE_PATH = href("/dashboard/settings/api-tokens/revoke");

const EXPIRY_OPTIONS = [
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "never", label: "Never" },
];

export type TokenResult = FormResult<{ secret?: string; name?: string }>;

export function ApiTokensScreen({
  data,
  created,
  revoked,
}: {
  data: { tokens: ApiToken[]; now: number };
  created?: TokenResult;
  revoked?: FormResult;
}) {
  useResultToast(created ?? revoked);
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formAction === CREATE_PATH;
  const secret = created?.ok ? created.secret : undefined;
  return (
    <div className="space-y-6">
      <p className="text-sm text-mist-300">
        Scripts and apps call the API at <code>/api/v1</code> with a token in an <code>Authorization: Bearer …</code> header. A token works
        only for the API, never for these admin pages. The reference is at{" "}
        <a className="text-accent-300 underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      {secret && (
        <div role="status" className="rounded-lg border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100">
          <p className="font-medium">Token “{created?.ok ? created.name : ""}” created. Copy it now: it is not shown again.</p>
          <label htmlFor="new-token" className="mt-2 block text-xs text-mist-300">
            Your new token
          </label>
          <NewTokenBox key={secret} secret={secret} />
        </div>
      )}
      {revoked && <FormMessage result={revoked} />}
      <Card title="New token">
        <Form method="post" action={CREATE_PATH} className="space-y-4" preventScrollReset>
          {created && !created.ok && <FormMessage result={created} />}
          <FormState result={created?.ok ? null : created} density="compact">
            <TextField
              name="name"
              label="Name"
              required
              maxLength={TOKEN_NAME_MAX}
              hint="Who or what uses it, e.g. “import script”. Its writes are logged under this name."
            />
            <SelectField
              name="scope"
              label="Scope"
              required
              defaultValue="read"
              options={TOKEN_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
            />
            <SelectField name="expiry" label="Expires" required defaultValue="90" options={EXPIRY_OPTIONS} />
          </FormState>
          <Button type="submit" disabled={creating}>
            {creating ? "Creating…" : "Create token"}
          </Button>
        </Form>
      </Card>
      <Card title="Tokens">
        {data.tokens.length === 0 ? (
          <EmptyState>No API tokens yet.</EmptyState>
        ) : (
          <ul aria-label="API tokens" className="divide-y divide-white/8">
            {data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} now={data.now} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** Whose token it is, and what that account's state leaves the token (ADR 034: tokens follow their account). */
function creatorNote(token: ApiToken): string {
  const by = token.createdBy;
  if (!by) return "made by an account that was deleted: refused";
  const who = `made by ${by.name} (${by.email})`;
  if (by.disabled) return `${who}, now disabled: refused`;
  if (token.scope !== token.grantedScope) return `${who}, no longer an Administrator: may only read`;
  return who;
}

function TokenRow({ token, now }: { token: ApiToken; now: number }) {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  const creatorGone = !token.createdBy || token.createdBy.disabled;
  const state = token.revokedAt ? "Revoked" : expired ? "Expired" : creatorGone ? "Refused" : "Active";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-white">
          {token.name} <span className="ml-1 rounded bg-white/8 px-1.5 py-0.5 text-xs text-mist-300">{token.grantedScope}</span>{" "}
          <span className={`ml-1 text-xs ${state === "Active" ? "text-emerald-300" : "text-amber-300"}`}>{state}</span>
        </p>
        <p className="mt-0.5 text-xs text-mist-300">
          <code>{token.prefix}…</code> · created <RelativeTime at={token.createdAt} now={now} /> ·{" "}
          {token.expiresAt ? (
            <>
              {expired ? "expired" : "expires"} <RelativeTime at={token.expiresAt} now={now} />
            </>
          ) : (
            "never expires"
          )}{" "}
          ·{" "}
          {token.lastUsedAt ? (
            <>
              last used <RelativeTime at={token.lastUsedAt} now={now} />
            </>
          ) : (
            "never used"
          )}
        </p>
        <p className="mt-0.5 text-xs text-mist-300">{creatorNote(token)}</p>
      </div>
      {!token.revokedAt && (
        <Form method="post" action={REVOKE_PATH} preventScrollReset>
          <HiddenField name="id" value={token.id} />
          <Button type="submit" variant="danger" size="sm" aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        </Form>
      )}
    </li>
  );
}

/**
 * The new token with a Copy button. Where the browser refuses the clipboard (no
 * permission, a page not on HTTPS), the token is selected instead, ready for Ctrl+C.
 */
function NewTokenBox({ secret }: { secret: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"copied" | "selected" | null>(null);
  return (
    <>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id="new-token"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-white/12 bg-ink-900 px-3 py-2 font-mono text-sm text-mist-100"
        />
        <Button
          variant="secondary"
          onClick={async () => {
            if (await copyText(secret)) setCopied("copied");
            else {
              input.current?.focus();
              input.current?.select();
              setCopied("selected");
            }
          }}
        >
          Copy
        </Button>
      </div>
      <p aria-live="polite" className="mt-1.5 min-h-5 text-xs font-medium text-emerald-200">
        {copied === "copied" ? "Copied" : copied === "selected" ? "Copying is blocked here: the token is selected, press Ctrl+C (⌘C)." : ""}
      </p>
    </>
  );
}
