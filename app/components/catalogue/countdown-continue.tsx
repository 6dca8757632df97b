import { useEffect, useState } from "react";
import { DownloadIcon } from "#app/components/ui/icons.tsx";

type Phase = { step: "ready" } | { step: "counting"; left: number } | { step: "done" };

/**
 * The mediator page's button: Continue starts the countdown ("Generating Link"),
 * and at zero "Continue to download" leads to the out-link. A countdown of 0
 * shows the final button at once. Without JavaScript the final link is shown.
 */
export function CountdownContinue({ seconds, href }: { seconds: number; href: string }) {
  const [phase, setPhase] = useState<Phase>(seconds > 0 ? { step: "ready" } : { step: "done" });

  useEffect(() => {
    if (phase.step !== "counting") return;
    const timer = setTimeout(() => setPhase(phase.left <= 1 ? { step: "done" } : { step: "counting", left: phase.left - 1 }), 1_000);
    return () => clearTimeout(timer);
  }, [phase]);

  const finalLink = (
    <a
      href={href}
      rel="noreferrer nofollow"
      className="inline-flex items-center gap-2 rounded-full bg-accent-500 px-7 py-3 text-base font-bold text-ink-950 shadow-lg shadow-accent-500/25 transition-colors hover:bg-accent-400"
    >
      <DownloadIcon size={19} />
      Continue to download
    </a>
  );

  return (
    <div className="flex min-h-24 flex-col items-center justify-center gap-3" aria-live="polite">
      {phase.step === "ready" && (
        <>
          <button
            type="button"
            onClick={() => setPhase({ step: "counting", left: seconds })}
            className="inline-flex items-center gap-2 rounded-full bg-accent-500 px-7 py-3 text-base font-bold text-ink-950 transition-colors hover:bg-accent-400 [html:not(.js)_&]:hidden"
          >
            Continue
          </button>
          {/* Without JavaScript there is no countdown: the final link shows instead (not <noscript>, which React cannot hydrate). */}
          <span className="[html.js_&]:hidden">{finalLink}</span>
        </>
      )}
      {phase.step === "counting" && (
        <div className="flex flex-col items-center gap-2" role="status">
          <span className="flex h-16 w-16 items-center justify-center rounded-full text-2xl font-bold text-white tabular-nums ring-4 ring-accent-500/60">
            {phase.left}
          </span>
          <span className="text-sm font-semibold tracking-wide text-mist-300 uppercase">Generating Link</span>
        </div>
      )}
      {phase.step === "done" && finalLink}
    </div>
  );
}
