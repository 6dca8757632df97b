import { Link } from "react-router";
import { EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { FileRows, folderLink, Paging, SearchBox, useDriveFailureToast } from "#app/components/desksync/files.tsx";
import { getApp } from "#app/context.ts";
import { getGoogleSession } from "#app/http/desksync-guard.server.ts";
import { DRIVE_TEXT } from "#app/modules/desksync/schema.ts";
import { fromDrive, loadDriveFiles } from "#app/modules/desksync/views.server.ts";
import type { Route } from "./+types/drive";

/** The Drive view: a folder's files (`?folder=`), a search (`?q=`), a page of either (`?page=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getGoogleSession(request, context);
  if (!session) return null;
  return fromDrive(getApp(context).logger, () => loadDriveFiles(session.access, new URL(request.url)));
}

export default function Drive({ loaderData }: Route.ComponentProps) {
  useDriveFailureToast(loaderData);
  if (!loaderData) return null;
  if (loaderData.failed) {
    return (
      <>
        <PageHeader title="Drive" />
        <EmptyState>{DRIVE_TEXT.noFiles}</EmptyState>
      </>
    );
  }
  const { folder, search, files, first, nextPageToken } = loaderData;
  return (
    <>
      <PageHeader
        title={folder ? folder.name : "Drive"}
        subtitle={
          folder ? (
            <Link to={folderLink(folder.parent)} className="text-accent-300 hover:underline">
              Up one folder
            </Link>
          ) : (
            "Your Google Drive files"
          )
        }
      />
      <SearchBox search={search} />
      <FileRows files={files} />
      <Paging first={first} nextPageToken={nextPageToken} />
    </>
  );
}
