import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | Cinedex" }];

export default function NotFound() {
  return null;
}
