import type { ReactNode } from "react";

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-mist-400 uppercase">{label}</dt>
      <dd className="mt-0.5 text-mist-100">{children}</dd>
    </div>
  );
}
