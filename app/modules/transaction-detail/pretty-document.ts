/**
 * The document viewer shows a stored XML or JSON message indented, one element or member a line.
 * Formatting is for reading only (Download gives the stored bytes): a document that is too large,
 * is neither XML nor JSON, or does not parse is shown exactly as stored.
 */

/** Larger documents are shown as stored: indenting them would cost the server more than reading them helps. */
export const PRETTY_PRINT_LIMIT = 1_000_000;

const INDENT = "  ";

/** Deeply nested markup grows with its indentation: past this many characters the document is shown as stored. */
const PRETTY_OUTPUT_LIMIT = 4 * PRETTY_PRINT_LIMIT;

export function prettyDocument(content: string, contentType: string | null): string {
  if (content.length === 0 || content.length > PRETTY_PRINT_LIMIT) return content;
  const start = content.trimStart()[0];
  if (contentType?.includes("json") || start === "{" || start === "[") return prettyJson(content) ?? content;
  if (contentType?.includes("xml") || start === "<") return prettyXml(content) ?? content;
  return content;
}

export function prettyJson(content: string): string | null {
  try {
    return JSON.stringify(JSON.parse(content), null, INDENT.length);
  } catch {
    return null;
  }
}

type XmlToken =
  | { kind: "open"; text: string; name: string }
  | { kind: "close"; text: string; name: string }
  | { kind: "empty" | "other"; text: string }
  | { kind: "text"; text: string };

const NAME = String.raw`[A-Za-z_][\w:.-]*`;
const ATTRIBUTES = String.raw`(?:\s+[^\s=/>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*\s*`;
// Sticky: each token must start where the previous one ended, so anything unrecognised fails the whole document.
const TOKEN = new RegExp(
  [
    String.raw`(?<comment><!--[\s\S]*?-->)`,
    String.raw`(?<cdata><!\[CDATA\[[\s\S]*?\]\]>)`,
    String.raw`(?<declaration><\?[\s\S]*?\?>)`,
    String.raw`(?<doctype><!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)`,
    String.raw`(?<close></(?<closeName>${NAME})\s*>)`,
    String.raw`(?<tag><(?<openName>${NAME})${ATTRIBUTES}(?<selfClosing>/)?>)`,
    String.raw`(?<text>[^<]+)`,
  ].join("|"),
  "y",
);

function tokenize(content: string): XmlToken[] | null {
  const tokens: XmlToken[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < content.length) {
    const match = TOKEN.exec(content);
    if (!match?.groups) return null;
    const { close, closeName, tag, openName, selfClosing, text } = match.groups;
    if (close !== undefined) tokens.push({ kind: "close", text: close, name: closeName });
    else if (tag !== undefined) tokens.push(selfClosing ? { kind: "empty", text: tag } : { kind: "open", text: tag, name: openName });
    else if (text !== undefined) tokens.push({ kind: "text", text });
    else tokens.push({ kind: "other", text: match[0] });
  }
  return tokens;
}

/**
 * One element a line, children indented; an element holding only text stays on one line with it
 * (`<Make>AUDI</Make>`). Whitespace between elements is dropped; text is kept as stored. Null when
 * the tags do not nest properly or the result would be too large.
 */
export function prettyXml(content: string): string | null {
  const tokens = tokenize(content);
  if (!tokens) return null;
  const lines: string[] = [];
  const open: string[] = [];
  let size = 0;
  const push = (line: string) => {
    size += line.length + 1;
    lines.push(line);
  };
  const pad = () => INDENT.repeat(open.length);
  for (let index = 0; index < tokens.length; index += 1) {
    if (size > PRETTY_OUTPUT_LIMIT) return null;
    const token = tokens[index];
    if (token.kind === "text") {
      if (token.text.trim() !== "") push(pad() + token.text.trim());
    } else if (token.kind === "open") {
      const inner = tokens[index + 1];
      const after = tokens[index + 2];
      if (inner?.kind === "text" && after?.kind === "close" && after.name === token.name) {
        push(pad() + token.text + inner.text + after.text);
        index += 2;
      } else if (inner?.kind === "close" && inner.name === token.name) {
        push(pad() + token.text + inner.text);
        index += 1;
      } else {
        push(pad() + token.text);
        open.push(token.name);
      }
    } else if (token.kind === "close") {
      if (open.pop() !== token.name) return null;
      push(pad() + token.text);
    } else {
      push(pad() + token.text);
    }
  }
  return open.length === 0 ? lines.join("\n") : null;
}
