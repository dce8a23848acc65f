/**
 * What the OAuth2 redirect shows in the sign-in popup:
 * - `done`: the code reached the waiting app, which closes this window itself;
 * - `refused`: the provider answered with an error (the person cancelled, or was refused);
 * - `lost`: no app waits for this sign-in (it was closed, timed out, or this link was opened in
 *   another browser or network).
 * Plain HTML, its one script only closing the window (when the app has what it needs): it must
 * work even when the app does not.
 */
export type OAuth2RedirectOutcome = 'done' | 'refused' | 'lost';

const TEXT: Record<OAuth2RedirectOutcome, { title: string; body: string }> = {
  done: {
    title: 'Signed in',
    body: 'You can close this window and go back to Airgrid. It usually closes by itself.',
  },
  refused: {
    title: 'Sign-in cancelled',
    body: 'The provider did not sign you in. Close this window and try again from Airgrid, or sign in with your email and password.',
  },
  lost: {
    title: 'This sign-in has expired',
    body: 'Airgrid is no longer waiting for it: the sign-in window was closed, took too long, or was opened in another browser. Close this window and start again from the sign-in page.',
  },
};

/** Closes the sign-in window after a moment (windows a script did not open stay open). */
export const OAUTH2_CLOSE_SCRIPT = 'setTimeout(function () { window.close(); }, 1500);\n';

export function oauth2RedirectPage(outcome: OAuth2RedirectOutcome): string {
  const { title, body } = TEXT[outcome];
  // A lost sign-in keeps its window open: its message is the only place that says what happened.
  const closes =
    outcome === 'lost' ? '' : '<script src="/api/oauth2-redirect/close.js"></script>\n';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Airgrid</title>
<style>
  :root { color-scheme: dark light; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #1a1b1e; color: #e9ecef; }
  @media (prefers-color-scheme: light) { body { background: #f8f9fa; color: #212529; } }
  main { max-width: 28rem; padding: 2rem; }
  h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; margin: 0; }
</style>
${closes}</head>
<body>
<main>
<h1>${title}</h1>
<p>${body}</p>
</main>
</body>
</html>
`;
}
