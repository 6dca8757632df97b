import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False in the server's render and during hydration, true afterwards (for what needs the browser). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
