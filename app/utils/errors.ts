/**
 * The one error type for expected failures: a status, a message fit to show, and
 * optionally messages per input field. Anything else that is thrown is a bug and
 * is reported as the generic error.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;

  constructor(status: number, message: string, options: { fields?: Record<string, string[]>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.status = status;
    this.fields = options.fields;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
