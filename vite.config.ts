import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The production server bundle starts at our own Express entry, which imports
  // the router's virtual server build (see server/index.ts).
  build: isSsrBuild ? { rollupOptions: { input: "./server/index.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
}));
