import crypto from "node:crypto";

/**
 * AES-256-GCM sealing with keys derived (HKDF-SHA256) from the server's session
 * secret; `purpose` separates the keys, so a value sealed for one use cannot be
 * replayed as another. Sealed text: base64url(iv | tag | ciphertext).
 */
function key(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "cinedex-desksync", purpose, 32));
}

export function seal(secret: string, purpose: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or null when it was tampered with, sealed with another key, or malformed. */
export function unseal(secret: string, purpose: string, sealed: string): unknown {
  try {
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 29) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
