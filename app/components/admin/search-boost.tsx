import { useEffect, useId, useState } from "react";
import { href, useFetcher } from "react-router";
import toast from "react-hot-toast";
import { Button } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import type { SearchBoostResult } from "#app/modules/search/popularity.server.ts";

/**
 * The title editor's search boost (ADR 007): points added to the title's popularity,
 * 0 none, 100 first among equal matches. Saved on its own, not with the editor's form.
 */
export function SearchBoost({ titleId, boost, toasterId }: { titleId: number; boost: number; toasterId: string }) {
  const fetcher = useFetcher<SearchBoostResult>();
  const [value, setValue] = useState(String(boost));
  const id = useId();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message, { toasterId });
    else toast.error(fetcher.data.fields.boost?.[0] ?? fetcher.data.error, { toasterId });
  }, [fetcher.state, fetcher.data, toasterId]);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="mb-5 flex flex-wrap items-center gap-3 text-sm text-mist-100">
      <label id={`${id}-label`} htmlFor={id}>
        Search boost (0–100)
      </label>
      <input
        id={id}
        type="number"
        min={0}
        max={100}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className={`${inputClass("compact")} !w-20`}
      />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={fetcher.state !== "idle"}
        onClick={() =>
          fetcher.submit({ boost: value }, { method: "post", action: href("/dashboard/titles/:id/search-boost", { id: String(titleId) }) })
        }
      >
        Save boost
      </Button>
    </div>
  );
}
