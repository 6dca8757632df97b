/** The Users screen as opened, with no form posted yet. */
export { UsersScreen as default } from "#app/components/admin/settings/users.tsx";
