import type { AppContext } from "#app/context.ts";
import type { InboxEvent } from "./events.ts";

/**
 * Tells the operators about a new submission. Called after the submission is
 * stored; it never throws and never delays the visitor's answer, so a failing
 * mail server or webhook cannot lose a submission.
 */
export function notifyOperators(app: Pick<AppContext, "db" | "logger">, event: InboxEvent): void {
  app.logger.info({ kind: event.kind, id: event.id, merged: event.merged }, "inbox submission stored");
}
