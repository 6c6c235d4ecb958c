import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { escapeHtml, html, trusted } from "~/identity/html";
import { LOGIN_MESSAGES, readLoginForm } from "~/identity/login-form";
import { errorPage, loginPage, signedOutPage, signOutPage } from "~/identity/pages";
import { copyrightLine, FOOTER_LINKS, FOOTER_NAV_LABEL } from "~/lib/site-footer-content";
import { TIME_ZONE_COOKIE_SCRIPT } from "~/lib/time-zone";

describe("identity provider HTML", () => {
  it("escapes every interpolated value unless it is marked safe", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
    const value = `"><script>alert(1)</script>`;
    expect(html`<input value="${value}">`.value).toBe('<input value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(html`<p>${trusted("<b>kept</b>")} ${null} ${false} ${undefined} ${7}</p>`.value).toBe("<p><b>kept</b>    7</p>");
    expect(html`<ul>${[html`<li>${"<1>"}</li>`, html`<li>2</li>`]}</ul>`.value).toBe("<ul><li>&lt;1&gt;</li><li>2</li></ul>");
  });

  it("renders the login page with the labels, the kept username and the field messages", () => {
    const page = loginPage({
      action: "/oidc/interaction/abc",
      username: `o'brien <x>`,
      errors: { password: LOGIN_MESSAGES.passwordRequired },
    });
    expect(page).toContain("<title>Sign in - Diagnostics Operations Portal</title>");
    expect(page).toContain('<form method="post" action="/oidc/interaction/abc" novalidate>');
    expect(page).toContain('<label for="username">Username</label>');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('value="o&#39;brien &lt;x&gt;"');
    expect(page).toContain('<p class="field-error" id="password-error">Please enter a password</p>');
    expect(page).toContain('aria-describedby="password-error"');
    expect(page).not.toContain("Field cannot be empty!");
    expect(page).not.toContain('role="alert"');
    expect(page).not.toMatch(/<script|\srequired/);
  });

  it("looks like the portal's login page: its name in the card over the page's one heading, and its footer on every page", () => {
    const pages = [
      { page: loginPage({ action: "/x", username: "", errors: {} }), heading: "Sign in" },
      { page: errorPage("x"), heading: "Sign-in could not be completed" },
      { page: signOutPage("<form></form>"), heading: "Sign out" },
      { page: signedOutPage(), heading: "You are signed out" },
    ];
    for (const { page, heading } of pages) {
      const document = parse(page);
      const card = document.querySelector(".card");
      expect(card?.children.slice(0, 2).map((child) => [child.tagName, child.classList.value, child.text])).toEqual([
        ["P", ["brand"], "Diagnostics Operations Portal"],
        ["H1", [], heading],
      ]);
      expect(document.querySelectorAll("h1, h2, h3, h4, h5, h6").map((element) => element.tagName)).toEqual(["H1"]);
      const footer = document.querySelector("footer");
      expect(footer?.querySelectorAll("p").map((p) => p.text)).toContain(copyrightLine(new Date().getFullYear()));
      const links = footer?.querySelector(`nav[aria-label="${FOOTER_NAV_LABEL}"]`)?.querySelectorAll("a") ?? [];
      expect(links.map((a) => [a.text, a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")])).toEqual(
        FOOTER_LINKS.map((link) => [link.label, link.href, "_blank", "noopener noreferrer"]),
      );
    }
  });

  it("puts a failed sign-in in an alert", () => {
    const page = loginPage({ action: "/x", username: "alice", errors: { form: LOGIN_MESSAGES.signInFailed } });
    expect(page).toContain('<div class="alert" role="alert">Sign in failed!</div>');
  });

  it("names the demo accounts and their password under the form only when told to, escaped", () => {
    const demo = loginPage({ action: "/x", username: "", errors: {}, demoAccounts: { logins: ["admin", "power"], password: "demo-<portal>" } });
    expect(demo).toContain(
      '<p class="note" id="demo-accounts">Demo accounts: <code>admin</code>, <code>power</code>. Password: <code>demo-&lt;portal&gt;</code></p>',
    );
    expect(demo.indexOf("demo-accounts")).toBeGreaterThan(demo.indexOf("</form>"));
    for (const plain of [loginPage({ action: "/x", username: "", errors: {} }), loginPage({ action: "/x", username: "", errors: {}, demoAccounts: null })]) {
      expect(plain).not.toContain("Demo accounts");
    }
  });

  it("stores the browser's time zone with the response's nonce, as the portal's pages do, and runs no script without one", () => {
    const page = loginPage({ action: "/x", username: "", errors: {}, nonce: "bm9uY2U=" });
    expect(page).toContain(`<script nonce="bm9uY2U=">${TIME_ZONE_COOKIE_SCRIPT}</script>`);
    expect(loginPage({ action: "/x", username: "", errors: {} })).not.toMatch(/<script/i);
  });

  it("renders error and sign-out pages with a way back to the portal and no script", () => {
    const error = errorPage(`bad <thing>`);
    expect(error).toContain("<p>bad &lt;thing&gt;</p>");
    expect(error).toContain('<a class="secondary" href="/">Back to the portal</a>');
    const prompt = signOutPage('<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"></form>');
    expect(prompt).toContain('<form id="op.logoutForm"');
    expect(prompt).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>');
    expect(signedOutPage()).toContain("You are signed out");
    for (const page of [error, prompt, signedOutPage()]) expect(page).not.toMatch(/<script/i);
  });
});

describe("reading the login form", () => {
  it("trims the username and keeps the password exactly", () => {
    expect(readLoginForm({ username: "  alice ", password: " secret " })).toEqual({
      valid: true,
      username: "alice",
      password: " secret ",
    });
  });

  it("gives each empty field its message from the specification", () => {
    expect(readLoginForm({ username: " ", password: "" })).toEqual({
      valid: false,
      username: "",
      errors: { username: "Field cannot be empty!", password: "Please enter a password" },
    });
    expect(readLoginForm({ username: "bob" })).toEqual({
      valid: false,
      username: "bob",
      errors: { password: "Please enter a password" },
    });
  });

  it("fails a username with a NUL as a sign-in, without looking it up (decision 0021)", () => {
    expect(readLoginForm({ username: "pow\u0000er", password: "demo-portal" })).toEqual({
      valid: false,
      username: "power",
      errors: { form: LOGIN_MESSAGES.signInFailed },
    });
  });

  it("treats anything but single strings as empty", () => {
    expect(readLoginForm(undefined)).toMatchObject({ valid: false, username: "" });
    expect(readLoginForm({ username: ["a", "b"], password: 5 })).toMatchObject({
      valid: false,
      errors: { username: LOGIN_MESSAGES.usernameRequired, password: LOGIN_MESSAGES.passwordRequired },
    });
  });
});
