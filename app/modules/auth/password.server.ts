import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum (m=19 MiB, t=2, p=1): about 20 ms and 19 MiB per hash. */
// algorithm 2 is argon2id (the package's const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification, for logins that name no account,
 * so the answer's timing does not tell which e-mail addresses have accounts.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("cinedex-timing-equaliser");
  await verifyPassword(await dummyHash, password);
  return false;
}
