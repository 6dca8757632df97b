import type { z } from "zod";
import { AppError } from "./errors.ts";
import { fieldErrors } from "./submission.ts";
import { safeParseInput } from "./zod.ts";

/**
 * Parses input with a form's schema; invalid input is a 400 AppError carrying the
 * messages per field. With one message only, that message is also the error's own.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = safeParseInput(schema, input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const messages = Object.values(fields).flat();
  throw new AppError(400, message ?? (messages.length === 1 ? messages[0]! : "Some fields need attention."), { fields });
}
