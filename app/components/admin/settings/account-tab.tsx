import { Form, href, useSubmit } from "react-router";
import { Button, Card, ConfirmDialog, useConfirm } from "#app/components/admin/ui.tsx";
import { ROLE_LABELS, type Role } from "#app/modules/auth/schema.ts";
import { sessionsLine } from "./security-tab.tsx";
import { DetailList, formatDate } from "./shared.tsx";

export const SIGN_OUT_EVERYWHERE_CONFIRM = "Sign out everywhere? Every session of your account ends, this one included.";

export function AccountTab({ account, sessions }: { account: { email: string; role: Role; createdAt: string }; sessions: number }) {
  const confirm = useConfirm();
  const submit = useSubmit();
  return (
    <div className="space-y-6">
      <Card title="Account">
        <DetailList
          items={[
            { label: "E-mail", value: account.email },
            { label: "Role", value: ROLE_LABELS[account.role] },
            { label: "Member since", value: formatDate(account.createdAt) },
          ]}
        />
        <p className="mt-4 text-sm text-mist-400">
          The e-mail address is changed on the Profile tab. Roles are changed, and accounts disabled, by an Administrator on the Users
          screen.
        </p>
      </Card>
      <Card title="Sign out everywhere">
        <p className="text-sm text-mist-300">
          {sessionsLine(sessions)} Signing out everywhere ends all of them, this one included, and takes you back to the sign-in page.
        </p>
        <Form
          method="post"
          action={href("/dashboard/settings/account/sign-out-everywhere")}
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            confirm.ask(() => void submit(form));
          }}
        >
          <Button type="submit" variant="danger">
            Sign out everywhere
          </Button>
        </Form>
      </Card>
      <ConfirmDialog {...confirm.dialogProps} message={SIGN_OUT_EVERYWHERE_CONFIRM} confirmLabel="Sign out everywhere" danger />
    </div>
  );
}
