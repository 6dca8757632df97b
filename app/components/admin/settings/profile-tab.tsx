import { Form, href, Link, useNavigate, useNavigation } from "react-router";
import { Button, buttonClass, Card } from "#app/components/admin/ui.tsx";
import { FormState, TextArea, TextField } from "#app/components/forms/field.tsx";
import { FormMessage, useOnSuccess } from "#app/components/forms/result.tsx";
import { EditIcon } from "#app/components/ui/icons.tsx";
import { ROLE_LABELS, type Role } from "#app/modules/auth/schema.ts";
import type { FormResult } from "#app/utils/submission.ts";
import { DetailList, formatDate } from "./shared.tsx";

export const PROFILE_UPDATED = "Profile updated successfully!";

export interface ProfileData {
  name: string;
  email: string;
  bio: string | null;
  location: string | null;
  role: Role;
  createdAt: string;
}

const VIEW_PATH = href("/dashboard/settings");
const EDIT_PATH = `${VIEW_PATH}?edit=1`;

/** View, then Edit, then Save (docs/product/spec.md section 4). Edit mode has its own address, so it works without JavaScript. */
export function ProfileTab({ profile, editing, result }: { profile: ProfileData; editing: boolean; result: FormResult | undefined }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useOnSuccess(result, () => void navigate(VIEW_PATH, { replace: true, preventScrollReset: true }));

  if (!editing || result?.ok) {
    return (
      <Card
        title="Profile"
        action={
          <Link to={EDIT_PATH} preventScrollReset className={buttonClass("secondary", "sm")}>
            <EditIcon size={16} /> Edit
          </Link>
        }
      >
        {result?.ok && (
          <div className="mb-4">
            <FormMessage result={result} />
          </div>
        )}
        <DetailList
          items={[
            { label: "Name", value: profile.name },
            { label: "E-mail", value: profile.email },
            { label: "Role", value: ROLE_LABELS[profile.role] },
            { label: "Bio", value: profile.bio ?? <span className="text-mist-400">Not set</span> },
            { label: "Location", value: profile.location ?? <span className="text-mist-400">Not set</span> },
            { label: "Joined", value: formatDate(profile.createdAt) },
          ]}
        />
      </Card>
    );
  }

  const stored = { name: profile.name, email: profile.email, bio: profile.bio ?? "", location: profile.location ?? "" };
  return (
    <Card title="Edit profile">
      <FormState result={result} initialValues={stored} density="compact">
        <Form method="post" className="space-y-4">
          {result && <FormMessage result={result} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label="Name" required maxLength={100} autoComplete="name" />
            <TextField
              name="email"
              label="E-mail"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              hint="You sign in with this address."
            />
          </div>
          <TextArea name="bio" label="Bio" rows={3} maxLength={500} />
          <TextField name="location" label="Location" maxLength={100} autoComplete="address-level2" />
          <p className="text-sm text-mist-400">
            Role: <span className="text-white">{ROLE_LABELS[profile.role]}</span> · Joined{" "}
            <span className="text-white">{formatDate(profile.createdAt)}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save"}
            </Button>
            <Link to={VIEW_PATH} preventScrollReset className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </Form>
      </FormState>
    </Card>
  );
}
