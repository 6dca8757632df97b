import { useEffect } from "react";
import toast from "react-hot-toast";
import { href, useFetcher, useNavigate } from "react-router";
import { ConfirmDialog, useConfirm } from "#app/components/admin/ui.tsx";
import { DRIVE_TEXT } from "#app/modules/desksync/schema.ts";

/** Logout with the spec's confirmation, toast, and a return to /login. */
export function useDriveLogout() {
  const fetcher = useFetcher<{ ok: boolean }>();
  const navigate = useNavigate();
  const confirm = useConfirm();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    toast.success(DRIVE_TEXT.loggedOut);
    void navigate(href("/login"), { replace: true });
  }, [fetcher.state, fetcher.data, navigate]);
  return {
    ask: () => confirm.ask(() => void fetcher.submit({}, { method: "post", action: href("/logout") })),
    dialog: <ConfirmDialog {...confirm.dialogProps} message={DRIVE_TEXT.logoutConfirm} confirmLabel="Logout" danger />,
  };
}
