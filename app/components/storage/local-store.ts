import { useCallback, useSyncExternalStore } from "react";

/**
 * A value kept in the browser's localStorage that React components subscribe to.
 * The server and the first client render see `fallback`, so hydration matches;
 * the stored value appears right after. Other tabs' changes arrive through the
 * `storage` event.
 */
export function createLocalStore<T>(key: string, parse: (raw: unknown) => T, fallback: T) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue = fallback;

  function read(): T {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return fallback;
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        cachedValue = raw === null ? fallback : parse(JSON.parse(raw));
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  }

  function write(value: T) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked (private mode): the change lives until reload.
      cachedRaw = undefined;
      cachedValue = value;
    }
    listeners.forEach((l) => l());
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  }

  function useValue(): T {
    return useSyncExternalStore(subscribe, read, () => fallback);
  }

  function useUpdate() {
    return useCallback((change: (current: T) => T) => write(change(read())), []);
  }

  return { key, read, write, useValue, useUpdate };
}
