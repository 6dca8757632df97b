import { useState } from "react";

export interface Selection {
  has: (id: number) => boolean;
  toggle: (id: number, on: boolean) => void;
}

/** The selected ids, kept to the rows on the page (rows that left it, by a new page, filter or delete, drop out). */
export function useSelection(pageIds: number[]) {
  const [picked, setPicked] = useState<number[]>([]);
  const ids = pageIds.filter((id) => picked.includes(id));
  const selection: Selection = {
    has: (id) => ids.includes(id),
    toggle: (id, on) => setPicked((p) => (on ? [...p.filter((x) => x !== id), id] : p.filter((x) => x !== id))),
  };
  return { ids, selection, selectAll: (on: boolean) => setPicked(on ? pageIds : []), clear: () => setPicked([]) };
}
