/**
 * Just enough XML writing for CCC ONE's messages: the sandbox's answers and the message documents
 * of the demo data (the seed imports it from here). Reading them is xml-text.ts.
 */

/** Text and attribute values with the five XML special characters escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === '"' ? "&quot;" : "&apos;"));
}

/** `<name>text</name>`, or `<name/>` for null. */
export function element(name: string, value: string | number | boolean | null): string {
  return value === null ? `<${name}/>` : `<${name}>${escapeXml(String(value))}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export function soapEnvelope(body: string, withDeclaration = true): string {
  return `${withDeclaration ? XML_DECLARATION : ""}<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}
