import { Field, ErrorList, inputClass, useFormState } from "#app/components/forms/field.tsx";
import { type DriveSettings, DRIVE_THEMES } from "#app/modules/desksync/schema.ts";

const THEME_LABELS: Record<DriveSettings["theme"], string> = { dark: "Dark", light: "Light", system: "System" };

const TOGGLES = [
  ["emailNotifications", "E-mail notifications"],
  ["uploadNotifications", "File upload notifications"],
  ["shareNotifications", "Share activity notifications"],
] as const;

/**
 * Required in the browser as before, but labelled "Username" alone, as the spec's form
 * is (TextField's `required` adds a visible asterisk to the label).
 */
export function Username() {
  const { errors, values, density } = useFormState();
  return (
    <Field label="Username" errors={errors.username}>
      {(control) => (
        <input {...control} name="username" defaultValue={values.username} maxLength={60} required className={inputClass(density)} />
      )}
    </Field>
  );
}

export function ReadOnlyEmail({ value, ...control }: { id: string; value: string; "aria-describedby"?: string }) {
  const { density } = useFormState();
  return <input {...control} value={value} readOnly className={inputClass(density)} />;
}

export function ThemeChoice() {
  const { errors, values } = useFormState();
  return (
    <fieldset aria-describedby={errors.theme?.length ? "theme-error" : undefined}>
      <legend className="mb-2 text-sm font-medium text-mist-100">Theme</legend>
      <div className="flex gap-4">
        {DRIVE_THEMES.map((t) => (
          <label key={t} className="flex items-center gap-2 text-sm">
            <input type="radio" name="theme" value={t} defaultChecked={values.theme === t} />
            {THEME_LABELS[t]}
          </label>
        ))}
      </div>
      <ErrorList id="theme-error" errors={errors.theme} />
    </fieldset>
  );
}

/** The three notification switches; a refused post keeps what was ticked. */
export function Toggles({ settings }: { settings: DriveSettings }) {
  const { values, refused } = useFormState();
  return (
    <div className="space-y-3">
      {TOGGLES.map(([name, label]) => (
        <label key={name} className="flex items-center justify-between gap-3 text-sm">
          {label}
          <input
            type="checkbox"
            role="switch"
            name={name}
            defaultChecked={refused ? values[name] === "on" : settings[name]}
            className="h-5 w-5"
          />
        </label>
      ))}
    </div>
  );
}
