import { HONEYPOT_FIELD } from "#app/modules/inbox/honeypot.ts";

/** Hidden from people (and screen readers); robots that fill every field give themselves away. */
export function Honeypot() {
  return (
    <div hidden>
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
