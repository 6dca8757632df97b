import type { z } from "zod";
import { AppError } from "./errors.ts";

/** Zod issues as messages per field path ("releases.0.quality"); issues without a path go under "form". */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Parses input with a form's schema; invalid input is a 400 AppError carrying the
 * messages per field. With one message only, that message is also the error's own.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const messages = Object.values(fields).flat();
  throw new AppError(400, message ?? (messages.length === 1 ? messages[0]! : "Some fields need attention."), { fields });
}
