export function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="rounded-lg bg-ink-900/60 px-4 py-3 ring-1 ring-white/5">
      <dt className="text-xs font-medium tracking-wide text-mist-400 uppercase">{label}</dt>
      <dd className="mt-1 font-semibold text-white">{value ?? "Unknown"}</dd>
    </div>
  );
}
