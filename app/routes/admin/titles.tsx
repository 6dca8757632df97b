import { Outlet } from "react-router";
import { PageHeader } from "#app/components/admin/ui.tsx";

export default function Placeholder() {
  return (
    <>
      <PageHeader title="titles" />
      <Outlet />
    </>
  );
}
