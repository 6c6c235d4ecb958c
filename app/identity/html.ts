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

// System fonts and Mantine's default palette, so the provider's pages read as part of the portal.
const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
  background:#f1f3f5;color:#212529;font:16px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:100%;max-width:420px;padding:16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;
  box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05)}
.product{margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:.02em;color:#1971c2;text-transform:uppercase}
h1{margin:0 0 8px;font-size:22px;line-height:1.3}
p{margin:0 0 16px}
label{display:block;margin:16px 0 4px;font-size:14px;font-weight:600}
input{display:block;width:100%;height:38px;padding:0 12px;border:1px solid #ced4da;border-radius:4px;
  font:inherit;color:inherit;background:#fff}
input:focus{outline:2px solid #228be6;outline-offset:-1px;border-color:#228be6}
input[aria-invalid="true"]{border-color:#c92a2a}
.field-error{margin:4px 0 0;font-size:14px;color:#c92a2a}
.alert{margin:16px 0 0;padding:10px 12px;border:1px solid #ffc9c9;border-radius:4px;background:#fff5f5;
  color:#c92a2a;font-size:14px;font-weight:600}
.alert .detail{display:block;margin-top:4px;font-weight:400}
button{display:block;width:100%;height:38px;margin-top:24px;border:0;border-radius:4px;background:#1971c2;
  color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1864ab}
button:focus-visible,a:focus-visible{outline:2px solid #1864ab;outline-offset:2px}
a{color:#1864ab}
.secondary{display:block;margin-top:16px;text-align:center;font-size:14px}
`;

export function page(title: string, body: SafeHtml): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} - ${PRODUCT_NAME}</title>
<style>${trusted(STYLE)}</style>
</head>
<body>
<main>
<div class="card">
<p class="product">${PRODUCT_NAME}</p>
${body}
</div>
</main>
</body>
</html>
`.value;
}
