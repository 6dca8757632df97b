import { data } from "react-router";
import { isAppError } from "./errors.ts";

export interface ActionFailure {
  ok: false;
  error: string;
  /** Messages per field path. */
  fields: Record<string, string[]>;
}

/**
 * The one mapping of expected failures to HTTP for actions: an AppError becomes
 * its status with the message and per-field messages; anything else is a bug and
 * is rethrown to the error boundary (and the log).
 */
export function actionError(error: unknown) {
  if (isAppError(error)) {
    return data<ActionFailure>({ ok: false, error: error.message, fields: error.fields ?? {} }, { status: error.status });
  }
  throw error;
}
