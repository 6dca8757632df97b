/** The Link health screen as opened, with no form posted yet. */
export { LinkHealthScreen as default } from "#app/components/admin/link-health.tsx";
