/** What a CSV download holds, read strictly as RFC 4180 (CRLF between records, "" inside quotes). */
export const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

export function startsWithBom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte);
}

/** Records of a CSV text (without its BOM); throws on anything RFC 4180 does not allow. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let index = 0;
  let quotedField = false;
  const endField = () => {
    record.push(field);
    field = "";
    quotedField = false;
  };
  while (index < text.length) {
    const char = text[index];
    if (field === "" && !quotedField && char === '"') {
      quotedField = true;
      index++;
      for (;;) {
        if (index >= text.length) throw new Error("unterminated quoted field");
        if (text[index] === '"' && text[index + 1] === '"') {
          field += '"';
          index += 2;
        } else if (text[index] === '"') {
          index++;
          break;
        } else {
          field += text[index++];
        }
      }
      if (index < text.length && text[index] !== "," && !text.startsWith("\r\n", index)) throw new Error(`text after a closing quote at ${index}`);
    } else if (char === ",") {
      endField();
      index++;
    } else if (text.startsWith("\r\n", index)) {
      endField();
      records.push(record);
      record = [];
      index += 2;
    } else if (char === '"' || char === "\r" || char === "\n") {
      throw new Error(`unquoted ${JSON.stringify(char)} at ${index}`);
    } else {
      field += char;
      index++;
    }
  }
  if (field !== "" || quotedField || record.length > 0) throw new Error("the last record does not end with CRLF");
  return records;
}
