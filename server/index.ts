// Production entry. Vite bundles this file, with the router's server build, into
// build/server/index.js (see vite.config.ts).
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { startServer } from "./start.ts";

await startServer({ build, clientDir: fileURLToPath(new URL("../client", import.meta.url)) });
