import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Button, buttonClass, Card, Field, inputClass } from "#app/components/admin/ui.tsx";
import { EditIcon } from "#app/components/ui/icons.tsx";
import { ROLE_LABELS, type Role } from "#app/modules/auth/schema.ts";
import { DetailList, failureFor, formatDate, FormMessage, resultFor, useOnSuccess, type ActionResult } from "./shared.tsx";

export const PROFILE_UPDATED = "Profile updated successfully!";

export interface ProfileData {
  name: string;
  email: string;
  bio: string | null;
  location: string | null;
  role: Role;
  createdAt: string;
}

/** View, then Edit, then Save (SPEC.md section 4). Edit mode has its own address, so it works without JavaScript. */
export function ProfileTab({ profile, editing, result }: { profile: ProfileData; editing: boolean; result: ActionResult | undefined }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const own = resultFor(result, "profile");
  const failure = failureFor(result, "profile");
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  useOnSuccess(result, "profile", () => void navigate("?tab=profile", { replace: true, preventScrollReset: true }));

  const showForm = editing && !own?.ok;
  const typed = (name: keyof ProfileData) => failure?.values?.[name] ?? (profile[name] as string | null) ?? "";
  const error = (name: string) => failure?.fields[name];

  if (!showForm) {
    return (
      <Card
        title="Profile"
        action={
          <Link to="?tab=profile&edit=1" preventScrollReset className={buttonClass("secondary", "sm")}>
            <EditIcon size={16} /> Edit
          </Link>
        }
      >
        {own?.ok && (
          <div className="mb-4">
            <FormMessage result={own} />
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

  return (
    <Card title="Edit profile">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        {failure && <FormMessage result={failure} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={error("name")}>
            {(props) => (
              <input
                {...props}
                name="name"
                required
                maxLength={100}
                autoComplete="name"
                defaultValue={typed("name")}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="E-mail" error={error("email")} hint="You sign in with this address.">
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                defaultValue={typed("email")}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <Field label="Bio" error={error("bio")}>
          {(props) => <textarea {...props} name="bio" rows={3} maxLength={500} defaultValue={typed("bio")} className={inputClass} />}
        </Field>
        <Field label="Location" error={error("location")}>
          {(props) => (
            <input
              {...props}
              name="location"
              maxLength={100}
              autoComplete="address-level2"
              defaultValue={typed("location")}
              className={inputClass}
            />
          )}
        </Field>
        <p className="text-sm text-mist-400">
          Role: <span className="text-white">{ROLE_LABELS[profile.role]}</span> · Joined{" "}
          <span className="text-white">{formatDate(profile.createdAt)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
          <Link to="?tab=profile" preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </Card>
  );
}
