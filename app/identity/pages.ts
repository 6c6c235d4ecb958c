import { html, page, trusted } from "./html";
import type { LoginFormErrors } from "./login-form";
import { PRODUCT_NAME, type DemoAccountsHint } from "./options";

export interface LoginPageModel {
  action: string;
  username: string;
  errors: LoginFormErrors;
  /** Named under the form while they exist with the default password (never with DEMO_PASSWORD set). */
  demoAccounts?: DemoAccountsHint | null;
  /** The response's script nonce: the page stores the browser's time zone as the portal's pages do. */
  nonce?: string;
}

function demoAccountsNote(demo: DemoAccountsHint): ReturnType<typeof html> {
  const logins = demo.logins.map((login, index) => html`${index > 0 ? ", " : ""}<code>${login}</code>`);
  return html`<p class="note" id="demo-accounts">Demo accounts: ${logins}. Password: <code>${demo.password}</code></p>`;
}

/** The sign-in page: a plain form that needs no JavaScript. */
export function loginPage({ action, username, errors, demoAccounts, nonce }: LoginPageModel): string {
  const usernameError = errors.username ? html`<p class="field-error" id="username-error">${errors.username}</p>` : null;
  const passwordError = errors.password ? html`<p class="field-error" id="password-error">${errors.password}</p>` : null;
  return page(
    "Sign in",
    html`${errors.form ? html`<div class="alert" role="alert">${errors.form}${errors.wait ? html`<span class="detail">${errors.wait}</span>` : null}</div>` : null}
<form method="post" action="${action}" novalidate>
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" value="${username}"${errors.username ? html` aria-invalid="true" aria-describedby="username-error"` : null}${username ? null : html` autofocus`}>
${usernameError}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password"${errors.password ? html` aria-invalid="true" aria-describedby="password-error"` : null}${username ? html` autofocus` : null}>
${passwordError}
<button type="submit">Sign in</button>
</form>
${demoAccounts ? demoAccountsNote(demoAccounts) : null}`,
    { nonce },
  );
}

/** Any error the provider or the sign-in routes show: a message and the way back, nothing else. */
export function errorPage(message: string): string {
  return page(
    "Sign-in problem",
    html`<p>${message}</p>
<a class="secondary" href="/">Back to the portal</a>`,
    { heading: "Sign-in could not be completed" },
  );
}

/** Asked only when a sign-out cannot be tied to the current sign-in (no or another user's ID token). */
export function signOutPage(providerForm: string): string {
  return page(
    "Sign out",
    html`<p>Sign out of the ${PRODUCT_NAME}?</p>
${trusted(providerForm)}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<a class="secondary" href="/">Back to the portal</a>`,
  );
}

export function signedOutPage(): string {
  return page("Signed out", html`<a class="secondary" href="/">Sign in again</a>`, { heading: "You are signed out" });
}
