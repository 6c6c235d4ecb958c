import { describe, expect, it } from "vitest";
import { PRETTY_PRINT_LIMIT, prettyDocument, prettyXml } from "~/modules/transaction-detail/pretty-document";

const XML = `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Report id="7" note='a > b'><Make>AUDI</Make><ErrorMessage/><Empty></Empty><!-- kept --><Notes><![CDATA[<raw>]]></Notes></Report></soap:Body></soap:Envelope>`;

describe("prettyDocument", () => {
  it("indents XML one element a line, keeping an element's text on its line", () => {
    expect(prettyDocument(XML, "application/xml")).toBe(
      [
        `<?xml version="1.0" encoding="UTF-8"?>`,
        `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">`,
        `  <soap:Body>`,
        `    <Report id="7" note='a > b'>`,
        `      <Make>AUDI</Make>`,
        `      <ErrorMessage/>`,
        `      <Empty></Empty>`,
        `      <!-- kept -->`,
        `      <Notes>`,
        `        <![CDATA[<raw>]]>`,
        `      </Notes>`,
        `    </Report>`,
        `  </soap:Body>`,
        `</soap:Envelope>`,
      ].join("\n"),
    );
  });

  it("indents JSON with two spaces", () => {
    expect(prettyDocument(`{"a":1,"b":[true,{"c":"x"}]}`, "application/json")).toBe(`{\n  "a": 1,\n  "b": [\n    true,\n    {\n      "c": "x"\n    }\n  ]\n}`);
  });

  it("recognises XML and JSON by their first character when the type is missing", () => {
    expect(prettyDocument(`  [1,2]`, null)).toBe(`[\n  1,\n  2\n]`);
    expect(prettyDocument(`<a><b>1</b></a>`, null)).toBe(`<a>\n  <b>1</b>\n</a>`);
  });

  it("shows a malformed document exactly as stored", () => {
    for (const [content, type] of [
      [`{"a":1,`, "application/json"],
      [`<a><b></a></b>`, "application/xml"],
      [`<a><b>`, "application/xml"],
      [`<a>1 < 2</a>`, "application/xml"],
      [`<a x="unterminated></a>`, "application/xml"],
      [`plain words`, "text/plain"],
      ["", "application/json"],
    ] as const) {
      expect(prettyDocument(content, type)).toBe(content);
    }
  });

  it("leaves a document over the limit as stored", () => {
    const huge = `{"a":"${"x".repeat(PRETTY_PRINT_LIMIT)}"}`;
    expect(prettyDocument(huge, "application/json")).toBe(huge);
  });

  it("gives up on hostile markup without getting stuck", () => {
    const unclosedTag = `<a${" b".repeat(100_000)}`;
    expect(prettyXml(unclosedTag)).toBeNull();
    const spaces = `<a${" ".repeat(200_000)}`;
    expect(prettyXml(spaces)).toBeNull();
    // Its indentation would be gigabytes: shown as stored instead.
    const deep = `${"<a>".repeat(50_000)}${"</a>".repeat(50_000)}`;
    expect(prettyDocument(deep, "application/xml")).toBe(deep);
    const nested = `${"<a>".repeat(500)}${"</a>".repeat(500)}`;
    // The innermost <a></a> is one line.
    expect(prettyXml(nested)?.split("\n")).toHaveLength(999);
  });
});
