import { copyrightLine, FOOTER_LINKS, FOOTER_NAV_LABEL } from "~/lib/site-footer-content";
import { TIME_ZONE_COOKIE_SCRIPT } from "~/lib/time-zone";
import { PRODUCT_NAME } from "./options";

/** HTML that is already safe to emit; everything else interpolated with `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = string | number | SafeHtml | SafeHtml[] | null | undefined | false;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item) => item.value).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, index) => out + text + (index < values.length ? render(values[index]) : ""), ""));
}

/** Markup produced by oidc-provider itself (its logout form), trusted as is. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

// The portal's own login page (app/routes/login.tsx) in plain CSS: the theme's font, Mantine's card,
// title, dimmed lead, input and button sizes, the theme's blue-9, and the same footer.
const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#fff;color:#000;
  font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:16px}
.card{width:380px;max-width:100%;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;
  box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05),0 7px 7px -5px rgba(0,0,0,.04)}
.brand{margin:0 0 12px;font-size:26px;line-height:1.35;font-weight:700;text-align:center}
h1{margin:0 0 20px;font-size:18px;line-height:1.4;font-weight:600;color:#343a40;text-align:center}
p{margin:0 0 16px}
label{display:block;margin:16px 0 4px;font-size:14px;font-weight:500}
input{display:block;width:100%;height:36px;padding:0 12px;border:1px solid #ced4da;border-radius:4px;
  font:inherit;font-size:14px;color:inherit;background:#fff}
input:focus{outline:2px solid #1864ab;outline-offset:-1px;border-color:#1864ab}
input[aria-invalid="true"]{border-color:#c92a2a}
.field-error{margin:4px 0 0;font-size:14px;color:#c92a2a}
.alert{margin:16px 0 0;padding:10px 12px;border:1px solid #ffc9c9;border-radius:4px;background:#fff5f5;
  color:#c92a2a;font-size:14px;font-weight:600}
.alert .detail{display:block;margin-top:4px;font-weight:400}
button{display:block;width:100%;height:42px;margin-top:20px;padding:0 22px;border:0;border-radius:4px;background:#1864ab;
  color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#145a9a}
button:focus-visible,a:focus-visible{outline:2px solid #1864ab;outline-offset:2px}
a{color:#1864ab}
.note{margin:20px 0 0;padding:10px 12px;border-radius:4px;background:#f1f3f5;color:#343a40;font-size:14px}
.note code{font:inherit;font-weight:600;white-space:nowrap}
.secondary{display:block;margin-top:16px;text-align:center;font-size:14px}
footer{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:10px;padding:12px 16px;
  background:#f8f9fa;border-top:1px solid #dee2e6;font-size:14px;line-height:1.45}
footer p{margin:0;color:#495057}
footer nav{display:flex;flex-wrap:wrap;gap:16px}
footer a{text-decoration:none}
footer a:hover{text-decoration:underline}
`;

function footer(): SafeHtml {
  const links = FOOTER_LINKS.map((link) => html`<a href="${link.href}" target="_blank" rel="noopener noreferrer">${link.label}</a>`);
  return html`<footer>
<p>${copyrightLine(new Date().getFullYear())}</p>
<nav aria-label="${FOOTER_NAV_LABEL}">${links}</nav>
</footer>`;
}

/**
 * A page of the identity provider: the portal's name over the page's own title (its one level-one
 * heading, which says what the page is) and content in one card, and the portal's footer.
 */
export function page(title: string, body: SafeHtml, options: { heading?: string; nonce?: string } = {}): string {
  const heading = options.heading ?? title;
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} - ${PRODUCT_NAME}</title>
<style>${trusted(STYLE)}</style>
${options.nonce ? html`<script nonce="${options.nonce}">${trusted(TIME_ZONE_COOKIE_SCRIPT)}</script>` : null}
</head>
<body>
<main>
<div class="card">
<p class="brand">${PRODUCT_NAME}</p>
<h1>${heading}</h1>
${body}
</div>
</main>
${footer()}
</body>
</html>
`.value;
}
