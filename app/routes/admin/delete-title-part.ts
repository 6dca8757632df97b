import { z } from "#app/utils/zod.ts";
import { getApp } from "#app/context.ts";
import { removeFromTitle } from "#app/modules/editorial/titles.server.ts";
import { actorFrom } from "#app/http/admin-guard.server.ts";
import { parseId, requireId } from "#app/utils/ids.ts";
import { handleSubmission } from "#app/http/form.server.ts";
import type { FormSuccess } from "#app/utils/submission.ts";
import type { Route } from "./+types/delete-title-part";

const DELETE_FAILED = "Error deleting the movie";

/** The whole title, or one of its parts by id (docs/product/spec.md's delete-list). */
const deletePartSchema = z.discriminatedUnion("part", [
  z.object({ part: z.literal("title") }),
  z.object({
    part: z.enum(["screenshot", "release", "link", "zip"]),
    partId: z.string().transform((value, ctx) => parseId(value) ?? (ctx.addIssue(DELETE_FAILED), z.NEVER)),
  }),
]);

/** The granular deletes of the edit screens: form fields `part` and, unless the whole title goes, `partId`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const titleId = requireId(params.id);
  return handleSubmission(
    request,
    deletePartSchema,
    async (input): Promise<FormSuccess> => {
      const partId = input.part === "title" ? titleId : input.partId;
      await removeFromTitle(getApp(context).db, actorFrom(context), titleId, input.part, partId);
      return { ok: true, message: "Deleted" };
    },
    { failure: DELETE_FAILED },
  );
}
