import { data, isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";

/**
 * The one error type for expected failures: a status, a message fit to show, and
 * optionally messages per input field. Anything else that is thrown is a bug and
 * is reported as the generic error.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;
  /** Facts about the refusal a screen can act on (e.g. which title already has an id); sent with the form's failure. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    options: { fields?: Record<string, string[]>; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.status = status;
    this.fields = options.fields;
    this.details = options.details;
  }
}

export const DATABASE_UNAVAILABLE = "Cinedex is temporarily unavailable. Please try again in a few moments.";
/** Seconds a client is told to wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached, dropped the connection, timed out or stayed
 * locked: a 503, not a bug. It is a route error response (not an Error), so React
 * Router answers 503 and hands the error boundary the status and message on the
 * server and in the browser alike, instead of sanitising it into a generic 500.
 * The form kit treats it as an AppError: the form comes back with a 503 and
 * everything the visitor typed.
 */
export class DatabaseUnavailableError extends ErrorResponseImpl {
  readonly name = "DatabaseUnavailableError";
  readonly message = DATABASE_UNAVAILABLE;
  readonly fields: Record<string, string[]> | undefined = undefined;
  readonly details: Record<string, unknown> | undefined = undefined;
  readonly cause: unknown;

  constructor(cause: unknown) {
    super(503, "Service Unavailable", DATABASE_UNAVAILABLE);
    this.cause = cause;
  }

  override toString(): string {
    return `${this.name}: ${describe(this.cause)}`;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

export function isAppError(error: unknown): error is AppError | DatabaseUnavailableError {
  return error instanceof AppError || error instanceof DatabaseUnavailableError;
}

/** The HTTP status an error stands for: its own for expected failures, 500 for a bug. */
export function errorStatus(error: unknown): number {
  if (isAppError(error)) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** A client's mistake (4xx) is logged at warn; anything else is the server's fault, at error. */
export function logLevelFor(error: unknown): "warn" | "error" {
  const status = errorStatus(error);
  return status >= 400 && status < 500 ? "warn" : "error";
}

/**
 * A row a loader needs: null or undefined means the page does not exist, so it
 * answers 404 (with `message` for the error page), never a 500 from a later
 * property read.
 */
export function requireFound<T>(value: T, message: string | null = null): NonNullable<T> {
  if (value === null || value === undefined) throw data(message, { status: 404 });
  return value;
}

/**
 * An AppError as the route error response React Router answers with: its status,
 * and its message for the error page. The router only reads a status from thrown
 * responses, so an AppError left as it is would be a 500. Anything else is
 * returned unchanged.
 */
export function routeErrorOf(error: unknown): unknown {
  return error instanceof AppError ? data(error.message, { status: error.status }) : error;
}

/**
 * A page's loader whose expected failures answer their own status: an AppError
 * thrown inside it (by a module function) becomes a 404, 409… page instead of a
 * 500. Forms get the same from the form kit; the JSON API from its own kit.
 */
export function pageLoader<Args, Result>(loader: (args: Args) => Promise<Result> | Result): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await loader(args);
    } catch (error) {
      throw routeErrorOf(error);
    }
  };
}
