/**
 * The Google profile picture over the name's initial: while the picture loads, or
 * when it cannot (blocked, offline), the initial shows through. No script needed.
 */
export function Avatar({ name, picture, size }: { name: string; picture: string | null; size: "md" | "lg" }) {
  const box = size === "lg" ? "h-16 w-16 text-2xl" : "h-12 w-12 text-xl";
  return (
    <span
      className={`${box} relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-500/20 font-bold text-accent-300`}
    >
      <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
      {picture && <img src={picture} alt="" className="absolute inset-0 h-full w-full object-cover" referrerPolicy="no-referrer" />}
    </span>
  );
}
