/** An inbox item as opened: its body, with no form posted yet. */
export { InboxItemBody as default } from "#app/components/admin/inbox/item.tsx";
