// Development entry: the same server, with Vite serving and hot-reloading the app.
import { createServer } from "vite";
import type { ServerBuild } from "react-router";
import { startServer } from "./start.ts";

const vite = await createServer({ server: { middlewareMode: true } });
await startServer({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  viteMiddleware: vite.middlewares,
  onClose: () => vite.close(),
});
