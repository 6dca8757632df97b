import { useSyncExternalStore } from "react";
import { Link } from "react-router";

const LIGHT_QUERY = "(prefers-color-scheme: light)";

/** Whether the device asks for a light theme; dark on the server, which cannot know. */
export function usePrefersLight(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(LIGHT_QUERY);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(LIGHT_QUERY).matches,
    () => false,
  );
}

/** What each scope the sign-in asks for lets DeskSync do, and why (app/integrations/google/oauth.server.ts scopesFor). */
const SCOPE_TEXT: Record<string, { what: string; why: string }> = {
  profile: { what: "Your name and profile picture", why: "to greet you and show who is signed in" },
  email: { what: "Your e-mail address", why: "to tell your account apart and show it on the dashboard" },
  "https://www.googleapis.com/auth/drive.readonly": {
    what: "See your Google Drive files (read only)",
    why: "to list your files, their sizes and your storage use; nothing is changed or deleted",
  },
  "https://www.googleapis.com/auth/drive": {
    what: "See and manage your Google Drive files",
    why: "needed only to create “anyone with the link” share links when you ask for one; DeskSync never deletes files",
  },
};

/** Google's "G" mark, as its branding guidelines give it (four colours, never recoloured). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/**
 * The standard "Sign in with Google" button (Google's sign-in branding guidelines):
 * the G mark on white (light theme) or #131314 (dark theme), Roboto or the system
 * font at 14 px medium, 12 px side padding, 10 px between mark and text. A plain
 * link: the sign-in starts with a redirect to Google, which a form post could not
 * follow under the CSP.
 */
export function GoogleSignInButton() {
  return (
    <a href="/login/google" className="google-button">
      <GoogleMark />
      <span>Sign in with Google</span>
    </a>
  );
}

/**
 * DeskSync's sign-in page: what DeskSync is, the Google button, and each access it
 * asks Google for with the reason. It follows the device's light or dark setting,
 * as the dashboard's System theme does.
 */
export function SignInPage({ scopes, message }: { scopes: readonly string[]; message?: string }) {
  const theme = usePrefersLight() ? "light" : "dark";
  const asked = scopes.flatMap((scope) => (SCOPE_TEXT[scope] ? [{ scope, ...SCOPE_TEXT[scope] }] : []));
  return (
    <div data-theme={theme} className="admin-shell flex min-h-dvh flex-col bg-ink-950 text-mist-100">
      <header className="border-b border-white/8">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <p className="text-lg font-bold text-white">DeskSync</p>
          <Link to="/" className="rounded-lg px-3 py-2 text-sm text-mist-300 hover:bg-white/6 hover:text-white">
            Back to Cinedex
          </Link>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:py-16"
      >
        <section>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Sign in to DeskSync</h1>
          <p className="mt-4 max-w-prose text-lg text-mist-300">
            {message ?? "Your Google Drive at a glance: your files, your storage, and share links when you need them."}
          </p>
          <ul className="mt-8 space-y-4 text-mist-300">
            <li>
              <strong className="block text-white">Drive explorer</strong>
              Browse your files with their type and size, and open them in Google Drive.
            </li>
            <li>
              <strong className="block text-white">Storage</strong>
              See how much of your Google storage is used.
            </li>
            <li>
              <strong className="block text-white">Share links</strong>
              Copy a file&rsquo;s link, or create one anyone can open.
            </li>
          </ul>
        </section>
        <section aria-labelledby="sign-in-heading" className="rounded-2xl border border-white/8 bg-ink-900 p-6 shadow-sm sm:p-8">
          <h2 id="sign-in-heading" className="text-xl font-semibold text-white">
            Sign in with your Google account
          </h2>
          <div className="mt-5">
            <GoogleSignInButton />
          </div>
          <h3 className="mt-8 text-sm font-semibold text-white">What DeskSync asks Google for, and why</h3>
          <ul className="mt-3 space-y-3 text-sm">
            {asked.map((item) => (
              <li key={item.scope}>
                <span className="block font-medium text-mist-100">{item.what}</span>
                <span className="text-mist-300">{item.why}.</span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-xs leading-relaxed text-mist-400">
            Google shows you this list again before you agree. Your Google tokens stay on this server, never in a web address. You can sign
            out at any time, and remove DeskSync&rsquo;s access in your Google Account under Security, Third-party connections.
          </p>
        </section>
      </main>
    </div>
  );
}
