/**
 * A fixed-window counter per client address, kept in memory: several instances
 * each allow the limit. Limits that must hold across instances use the shared
 * `context.limits` (app/modules/limits, ADR 027) instead.
 */
export function createFixedWindowLimiter({ limit, windowMs, maxKeys = 10_000 }: { limit: number; windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one attempt; false when the address is over the limit for the current window. */
    take(key: string, now = Date.now()): boolean {
      const entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        if (windows.size >= maxKeys) {
          for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
}
