import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The route table; paths follow SPEC.md section 2.
export default [
  index("routes/site/home.tsx"),
  route("movie/:id/:slug?", "routes/site/title.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
