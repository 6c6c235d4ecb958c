/**
 * Just enough XML reading for CCC ONE's answers and the stored messages: the text of an element
 * found by its local name, whatever its namespace prefix. Element names are constants of the
 * callers, never user input.
 */

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  const withoutCdata = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1");
  return withoutCdata.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function elementPattern(localName: string): RegExp {
  return new RegExp(`<(?:[\\w.-]+:)?${localName}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${localName}\\s*>)`);
}

/** The decoded, trimmed text of the first such element; "" for an empty one, null when absent. */
export function elementText(xml: string, localName: string): string | null {
  const match = elementPattern(localName).exec(xml);
  if (!match) return null;
  return decodeXmlText(match[1] ?? "").trim();
}

/** The inner markup of the first such element, or null when absent. */
export function elementContent(xml: string, localName: string): string | null {
  const match = elementPattern(localName).exec(xml);
  return match ? (match[1] ?? "") : null;
}

/** The inner markup of every such element, in document order. */
export function everyElementContent(xml: string, localName: string): string[] {
  const pattern = new RegExp(elementPattern(localName).source, "g");
  return Array.from(xml.matchAll(pattern), (match) => match[1] ?? "");
}
