import { z } from "zod";

// Zod compiles object validators with `new Function` when it may, and probes for
// that on the first schema. Under the CSP (no 'unsafe-eval') the probe is a
// violation the browser reports on every page with a form, so in the browser Zod
// interprets instead; forms validate a few fields, where the difference is nil.
// Every module takes `z` from here (lint enforces it), so no schema is made first.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
