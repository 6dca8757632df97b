import type { z } from "zod";
import { titleInputSchema } from "#app/modules/catalogue/schema.ts";
import type { TokenScope } from "./tokens.ts";
import {
  genreListSchema,
  inboxItemParamsSchema,
  inboxChangeSchema,
  inboxListParamsSchema,
  inboxListQuerySchema,
  inboxPageSchema,
  inboxUpdateSchema,
  linkParamsSchema,
  linkSchema,
  linkUpdateSchema,
  noQuerySchema,
  publicSettingsSchema,
  searchPageSchema,
  searchQuerySchema,
  suggestionListSchema,
  suggestionsQuerySchema,
  titlePageSchema,
  titleParamsSchema,
  titlePatchSchema,
  titleSchema,
  titlesQuerySchema,
} from "./schemas.ts";

/**
 * The read API's operations: the one table the routes validate their input with
 * (app/http/api.server.ts) and the OpenAPI document and reference page are
 * generated from (openapi.ts). A route names its operation; adding an endpoint
 * means adding it here.
 */
export type ApiMethod = "get" | "post" | "put" | "patch" | "delete";
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 422;

export interface ApiOperation<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  operationId: string;
  /** GET when absent. */
  method?: ApiMethod;
  /** The token scope a call needs; absent: anonymous reads. */
  scope?: TokenScope;
  /** The JSON request body's schema, for writes. */
  body?: B;
  /** The body's media type when not application/json (a merge patch). */
  bodyContentType?: string;
  /** The success status of a write (201 for a creation, 204 without a body). */
  status?: 200 | 201 | 204;
  /** OpenAPI form, relative to /api/v1: /titles/{id}. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  query: Q;
  params: P;
  response: z.ZodType | null;
  /** Errors this operation answers besides those every operation may (429, 500, 503). */
  errors: ApiErrorStatus[];
  /** A request to show in the reference page's curl example, relative to /api/v1. */
  example: string;
}

function operation<Q extends z.ZodType, P extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  op: ApiOperation<Q, P, B>,
): ApiOperation<Q, P, B> {
  return op;
}

export const API_BASE_PATH = "/api/v1";

/** The admin editor's own title schema, named for the document. */
const titleBodySchema = titleInputSchema.meta({
  id: "TitleInput",
  description:
    "A title with its whole tree, as the admin editor saves it. Give a release, file or link its id to keep that row (and its click count); rows without an id are added. A link sent with its id may leave `url` out, or send back the site's download page the public view gives (`href`): it keeps its stored address. A Title as a catalogue:write token reads it is a valid TitleInput (genres and screenshots as objects are taken by name and address; read-only fields are ignored).",
});

export const OPERATIONS = {
  listTitles: operation({
    operationId: "listTitles",
    path: "/titles",
    tag: "Titles",
    summary: "List titles",
    description:
      "The catalogue a page at a time, filtered and sorted as on the site's search page. Totals are given with every page, and the addresses of the next and previous pages.",
    query: titlesQuerySchema,
    params: undefined,
    response: titlePageSchema,
    errors: [400],
    example: "/titles?type=movie&genre=horror&sort=rating&perPage=5",
  }),
  getTitle: operation({
    operationId: "getTitle",
    path: "/titles/{id}",
    tag: "Titles",
    summary: "Get a title",
    description:
      "One title with its genres, credits, releases, files and links. Each link's address is the site's download page for it, never the file host's own address; disabled links are left out.",
    query: noQuerySchema,
    params: titleParamsSchema,
    response: titleSchema,
    errors: [400, 404],
    example: "/titles/1",
  }),
  listGenres: operation({
    operationId: "listGenres",
    path: "/genres",
    tag: "Genres",
    summary: "List genres",
    description: "Every genre in the site's order, with how many titles it has. Use a genre's slug to filter titles and searches.",
    query: noQuerySchema,
    params: undefined,
    response: genreListSchema,
    errors: [400],
    example: "/genres",
  }),
  search: operation({
    operationId: "search",
    path: "/search",
    tag: "Search",
    summary: "Search titles",
    description:
      "Searches titles, original titles, credited names and years as the site's search does: every word must match (the last one may be unfinished), exact and leading title matches first. When no title has every word, titles with a similar name are returned (match: similar).",
    query: searchQuerySchema,
    params: undefined,
    response: searchPageSchema,
    errors: [400],
    example: "/search?q=night&type=movie",
  }),
  suggestions: operation({
    operationId: "suggestions",
    path: "/suggestions",
    tag: "Search",
    summary: "Suggest titles",
    description: "A few titles for text being typed, best first, as the site's search box suggests them.",
    query: suggestionsQuerySchema,
    params: undefined,
    response: suggestionListSchema,
    errors: [400],
    example: "/suggestions?q=nig&limit=5",
  }),
  getSettings: operation({
    operationId: "getSettings",
    path: "/settings",
    tag: "Site",
    summary: "Get the public settings",
    description: "The site's name, contact addresses, notices and download countdown: the settings its pages show to visitors.",
    query: noQuerySchema,
    params: undefined,
    response: publicSettingsSchema,
    errors: [400],
    example: "/settings",
  }),
  createTitle: operation({
    operationId: "createTitle",
    method: "post",
    scope: "catalogue:write",
    path: "/titles",
    tag: "Catalogue writes",
    summary: "Create a title",
    description:
      "Adds a title with its releases, files and links, validated as the admin editor validates it. A second title with the same TMDB id (and type) or IMDb id is refused with 409. Send an Idempotency-Key header so a retried call creates nothing twice.",
    query: noQuerySchema,
    params: undefined,
    body: titleBodySchema,
    status: 201,
    response: titleSchema,
    errors: [400, 401, 403, 409, 422],
    example: "/titles",
  }),
  updateTitle: operation({
    operationId: "updateTitle",
    method: "put",
    scope: "catalogue:write",
    path: "/titles/{id}",
    tag: "Catalogue writes",
    summary: "Replace a title",
    description:
      "Replaces a title and its whole tree as the admin editor's save does: releases, files and links sent with their id are kept (their ids and click counts stay), those without an id are added, and those not sent are deleted. What GET answers a catalogue:write token, sent back unchanged, changes nothing (nothing is written, updatedAt stays). The answer is the title as stored, disabled links and the hosts' addresses included, so it can be edited and sent back.",
    query: noQuerySchema,
    params: titleParamsSchema,
    body: titleBodySchema,
    response: titleSchema,
    errors: [400, 401, 403, 404, 409],
    example: "/titles/1",
  }),
  patchTitle: operation({
    operationId: "patchTitle",
    method: "patch",
    scope: "catalogue:write",
    path: "/titles/{id}",
    tag: "Catalogue writes",
    summary: "Change part of a title",
    description:
      "A JSON Merge Patch (RFC 7396, `application/merge-patch+json`) of the title as stored (its TitleInput, as a catalogue:write token reads it): members sent replace the stored ones, `null` removes a member (an optional field becomes empty), members left out stay. Arrays are replaced whole: to change one link, send the releases list with the rows to keep and their ids. The result is validated and saved as PUT saves it; a patch that changes nothing writes nothing.",
    query: noQuerySchema,
    params: titleParamsSchema,
    body: titlePatchSchema,
    bodyContentType: "application/merge-patch+json",
    response: titleSchema,
    errors: [400, 401, 403, 404, 409],
    example: "/titles/1",
  }),
  deleteTitle: operation({
    operationId: "deleteTitle",
    method: "delete",
    scope: "catalogue:write",
    path: "/titles/{id}",
    tag: "Catalogue writes",
    summary: "Delete a title",
    description: "Deletes a title with its releases, files and links.",
    query: noQuerySchema,
    params: titleParamsSchema,
    status: 204,
    response: null,
    errors: [400, 401, 403, 404],
    example: "/titles/1",
  }),
  updateLink: operation({
    operationId: "updateLink",
    method: "patch",
    scope: "catalogue:write",
    path: "/links/{id}",
    tag: "Catalogue writes",
    summary: "Change a link's status",
    description:
      "Marks a link ok, broken or disabled (disabled links are hidden from visitors). Sending the status it has changes nothing. The answer has the host's address in `url`.",
    query: noQuerySchema,
    params: linkParamsSchema,
    body: linkUpdateSchema,
    response: linkSchema,
    errors: [400, 401, 403, 404],
    example: "/links/1",
  }),
  listInbox: operation({
    operationId: "listInbox",
    scope: "inbox",
    path: "/inbox/{kind}",
    tag: "Inbox",
    summary: "List inbox items",
    description: "One section of the admin inbox (requests, reports, contact, dmca), newest first, filtered by status and text, 20 a page.",
    query: inboxListQuerySchema,
    params: inboxListParamsSchema,
    response: inboxPageSchema,
    errors: [400, 401, 403],
    example: "/inbox/requests?status=pending",
  }),
  updateInboxItem: operation({
    operationId: "updateInboxItem",
    method: "patch",
    scope: "inbox",
    path: "/inbox/{kind}/{id}",
    tag: "Inbox",
    summary: "Change an inbox item's status",
    description:
      "As the inbox's buttons do: a request is fulfilled (with the title that fulfils it), declined (with a reason) or back to pending; a report fixed, invalid or open; a contact message answered, archived or new; a DMCA notice rejected or received (taking links down is done in the admin panel). A change the current status does not allow is 409.",
    query: noQuerySchema,
    params: inboxItemParamsSchema,
    body: inboxUpdateSchema,
    response: inboxChangeSchema,
    errors: [400, 401, 403, 404, 409],
    example: "/inbox/contact/1",
  }),
} satisfies Record<string, ApiOperation>;

export type OperationId = keyof typeof OPERATIONS;
