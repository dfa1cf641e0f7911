/** The emulator's page: pick or type the test identity to sign in as. Plain HTML, no script. */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface TestIdentity {
  readonly name: string;
  readonly email: string;
  readonly verified: boolean;
}

export const PRESETS: readonly TestIdentity[] = [
  { name: 'Hana Ali', email: 'hana.ali@example.com', verified: true },
  { name: 'Omar Said', email: 'omar.said@example.com', verified: true },
  { name: 'Unverified Tester', email: 'unverified@example.com', verified: false },
];

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1.5rem 1rem; color: #1a1a1a; background: #f5f5f7; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
  h2 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
  .note { color: #4a4a4a; font-size: .95rem; background: #fff7e0; border-left: 4px solid #b45309; padding: .5rem .75rem; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  label.check { display: flex; gap: .5rem; align-items: center; font-weight: 400; }
  input[type=text], input[type=email] { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #6b7280; border-radius: 4px; }
  button { font: inherit; padding: .6rem 1rem; border-radius: 4px; border: 2px solid #1d4ed8; cursor: pointer; background: #fff; color: #1d4ed8; width: 100%; text-align: left; }
  button.primary { background: #1d4ed8; color: #fff; text-align: center; margin-top: 1rem; }
  button.cancel { border-color: #4a4a4a; color: #1a1a1a; text-align: center; margin-top: 1rem; }
  small { display: block; color: #4a4a4a; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

const hidden = (request: string) => `<input type="hidden" name="request" value="${escape(request)}">`;

/** The identity picker for one authorization request (its id travels in a hidden field). */
export const identityPage = (request: string, clientName: string): string =>
  page(
    'Test sign-in with Google',
    `<h1 id="title">Sign in with Google (test)</h1>
<p class="note">This is a local test sign-in, no Google account is used. Pick or type the identity to sign in to ${escape(clientName)} with.</p>
<h2 id="presets">Test identities</h2>
<ul aria-labelledby="presets">
${PRESETS.map(
  (p) => `<li><form method="post">${hidden(request)}<input type="hidden" name="name" value="${escape(p.name)}"><input type="hidden" name="email" value="${escape(p.email)}">${p.verified ? '<input type="hidden" name="verified" value="on">' : ''}
<button type="submit" name="choice" value="identity">${escape(p.name)}<small>${escape(p.email)}, ${p.verified ? 'verified' : 'not verified'}</small></button></form></li>`,
).join('\n')}
</ul>
<h2 id="own">Another identity</h2>
<form method="post" aria-labelledby="own">${hidden(request)}
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="off" maxlength="100">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="off" maxlength="254" required>
<label class="check"><input name="verified" type="checkbox" checked> Google has verified this e-mail address</label>
<button class="primary" type="submit" name="choice" value="identity">Continue</button>
</form>
<form method="post">${hidden(request)}<button class="cancel" type="submit" name="choice" value="cancel">Cancel</button></form>`,
  );

export const errorPage = (message: string): string =>
  page('Test sign-in with Google', `<h1>Sign in with Google (test)</h1><p role="alert">${escape(message)}</p>`);
