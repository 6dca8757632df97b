import { createContext, type RouterContextProvider } from "react-router";
import type { Logger } from "pino";
import type { Db, DialectName } from "#app/db/client.server.ts";

/** What the server hands every loader and action (see server/app.ts). */
export interface AppContext {
  db: Db;
  dialect: DialectName;
  /** Origin of the site, for canonical and share URLs. */
  publicUrl: string;
  /** Per-request nonce that the Content-Security-Policy allows scripts with. */
  cspNonce: string;
  requestId: string;
  logger: Logger;
}

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
