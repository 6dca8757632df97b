import { redirect } from "react-router";
import { inboxPath } from "#app/modules/inbox/events.ts";

/** /dashboard/inbox opens on the requests tab. */
export function loader() {
  return redirect(inboxPath("requests"));
}
