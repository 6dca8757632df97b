import { Field, inputClass, useFormState } from "#app/components/forms/field.tsx";

/** A required text input whose label reads exactly as the spec names it (no required marker). */
export function PlainField({
  name,
  label,
  type,
  maxLength,
  autoComplete,
}: {
  name: string;
  label: string;
  type: "text" | "email";
  maxLength: number;
  autoComplete: string;
}) {
  const { errors, values, density } = useFormState();
  return (
    <Field label={label} errors={errors[name]}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          required
          maxLength={maxLength}
          autoComplete={autoComplete}
          defaultValue={values[name] ?? ""}
          className={inputClass(density)}
        />
      )}
    </Field>
  );
}
