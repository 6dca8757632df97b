import crypto from "node:crypto";

/**
 * The stored stand-in for a visitor's address: an HMAC-SHA256 of it under a key
 * derived from the session secret. It lets the inbox see that submissions came
 * from one client (and rate limits count them) without keeping the address.
 */
export function clientHash(address: string, sessionSecret: string): string {
  const key = crypto.createHash("sha256").update(`cinedex:client-hash:${sessionSecret}`).digest();
  return crypto.createHmac("sha256", key).update(address).digest("hex");
}
