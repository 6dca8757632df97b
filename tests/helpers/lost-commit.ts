import { PostgresDriver, SqliteDriver } from "kysely";
import { vi } from "vitest";
import type { DialectName } from "#app/db/client.server.ts";

/**
 * Makes the next commit reach the database and then lose its acknowledgement, as when
 * the connection drops between COMMIT and its answer: the write is stored, yet the caller
 * sees a connection error (503), and the driver's rollback that follows has nothing left
 * to undo. Returns the undo; call it in a `finally`.
 */
export function loseNextCommitAcknowledgement(dialect: DialectName): () => void {
  const Driver = dialect === "postgres" ? PostgresDriver : SqliteDriver;
  const { commitTransaction: commit, rollbackTransaction: rollback } = Driver.prototype;
  let lost = false;
  const spies = [
    vi.spyOn(Driver.prototype, "commitTransaction").mockImplementationOnce(async function (this: unknown, connection) {
      await commit.call(this as never, connection);
      lost = true;
      throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
    }),
    vi.spyOn(Driver.prototype, "rollbackTransaction").mockImplementation(async function (this: unknown, connection) {
      if (lost) lost = false;
      else await rollback.call(this as never, connection);
    }),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}
