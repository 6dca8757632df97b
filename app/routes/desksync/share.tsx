import { useFetcher } from "react-router";
import { Button, Card, ConfirmDialog, EmptyState, PageHeader, useConfirm } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import { FileRows, Paging, SearchBox, useDriveFailureToast } from "#app/components/desksync/files.tsx";
import { useResultToast } from "#app/components/forms/result.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { DRIVE_TEXT, SHARE_NOT_ENABLED, SIGN_IN_AGAIN, shareLinkSchema } from "#app/modules/desksync/schema.ts";
import { createShareLink, fromDrive, loadShareableFiles } from "#app/modules/desksync/views.server.ts";
import { failure, handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/share";

/** The Share view: files the visitor owns, each with "Create link" (when the operator enabled sharing, ADR 009). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const session = await getGoogleSession(request, context);
  if (!session || !app.google) return null;
  if (!app.google.sharing) return { sharing: false as const, failed: false as const };
  const files = await fromDrive(app.logger, () => loadShareableFiles(session.access, new URL(request.url)));
  return { sharing: true as const, ...files };
}

/** "Create link": an anyone-with-the-link reader permission on one file; answers the link. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await getGoogleSession(request, context);
  if (!app.google || !session) return failure(401, SIGN_IN_AGAIN);
  if (!app.google.sharing) return failure(403, SHARE_NOT_ENABLED);
  return handleSubmission(request, shareLinkSchema, async ({ fileId }): Promise<FormSuccess<{ link: string | null; fileId: string }>> => {
    const file = await createShareLink(session.access, fileId);
    return { ok: true, message: "Anyone with the link can now view this file.", link: file.webViewLink, fileId: file.id };
  });
}

export default function Share({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const confirm = useConfirm();
  useResultToast(fetcher.data);
  useDriveFailureToast(loaderData);
  if (!loaderData) return null;
  if (!loaderData.sharing) {
    return (
      <>
        <PageHeader title="Share" />
        <EmptyState>{DRIVE_TEXT.underDevelopment}</EmptyState>
        <p className="mt-3 text-sm text-mist-400">
          Creating share links needs full Drive access, which this site does not ask for; the operator can turn it on with
          GOOGLE_DRIVE_SHARING.
        </p>
      </>
    );
  }
  const shared = fetcher.data?.ok ? fetcher.data : null;
  return (
    <>
      <PageHeader title="Share" subtitle="Files you own. Create a link anyone can view." />
      {shared?.link && (
        <Card title="Share link" className="mb-4">
          <label htmlFor="share-link" className="sr-only">
            Share link
          </label>
          <input id="share-link" readOnly value={shared.link} className={inputClass("compact")} onFocus={(e) => e.currentTarget.select()} />
        </Card>
      )}
      {!loaderData.failed && (
        <>
          <SearchBox search={loaderData.search} />
          <FileRows
            files={loaderData.files}
            action={(f) => (
              <Button
                size="sm"
                onClick={() => confirm.ask(() => void fetcher.submit({ fileId: f.id }, { method: "post" }))}
                disabled={fetcher.state !== "idle"}
              >
                Create link<span className="sr-only"> for {f.name}</span>
              </Button>
            )}
          />
          <Paging first={loaderData.first} nextPageToken={loaderData.nextPageToken} />
        </>
      )}
      <ConfirmDialog
        {...confirm.dialogProps}
        message="Anyone with the link will be able to view this file. Create the link?"
        confirmLabel="Create link"
      />
    </>
  );
}
