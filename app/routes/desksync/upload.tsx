import { EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { DRIVE_TEXT } from "#app/modules/desksync/schema.ts";

/** The Upload view: the spec leaves it unbuilt ("This section is under development."). */
export default function Upload() {
  return (
    <>
      <PageHeader title="Upload" />
      <EmptyState>{DRIVE_TEXT.underDevelopment}</EmptyState>
    </>
  );
}
