import { PostgresAdapter, type Kysely } from "kysely";
import type { DialectName } from "./client.server.ts";

/** Which database a handle (or transaction) talks to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table layout will do
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** SQLite returns booleans as 0/1, PostgreSQL as true/false. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** `count(*)` is a number on SQLite and a bigint (string) on PostgreSQL. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value == null ? 0 : Number(value);
}
