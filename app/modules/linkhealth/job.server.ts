import type { AppContext } from "#app/context.ts";
import { notifyOperators } from "#app/modules/inbox/notify.server.ts";
import { LINK_CHECK_SWEEP_LIMIT, runDueLinkChecks, type SweepSummary } from "./sweep.server.ts";

/** How often the job runner should start a sweep; each takes at most LINK_CHECK_SWEEP_LIMIT due links. */
export const LINK_CHECK_EVERY_MS = 5 * 60_000;

/**
 * The scheduled link check as a job for the runner (issue 17 point 2): one sweep of
 * the due links, operators told about links it marks broken. Run it as a singleton
 * (one at a time across instances): two overlapping sweeps would double the load on
 * each host.
 */
export function linkCheckJob(app: Pick<AppContext, "db" | "logger" | "publicUrl" | "notifier">) {
  return async (signal?: AbortSignal): Promise<SweepSummary> => {
    const summary = await runDueLinkChecks(app.db, {
      limit: LINK_CHECK_SWEEP_LIMIT,
      signal,
      notify: (event) => notifyOperators(app, event),
    });
    if (summary.checked > 0 || summary.deferred > 0) app.logger.info({ linkCheck: summary }, "link check sweep");
    return summary;
  };
}
