import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { invoiceAnswerText, readInvoiceAnswer, readReportAnswer, readSoapFault } from "~/integrations/cccone/answers";
import { decodeXmlText, elementText, everyElementContent } from "~/integrations/cccone/xml-text";
import { compileFailurePattern, failurePatternProblem } from "~/integrations/sandbox/failure-pattern";

describe("reading CCC ONE's XML", () => {
  it("finds elements by local name whatever their prefix, and decodes their text", () => {
    const xml = `<s:Envelope xmlns:s="x"><s:Body><m:Message a="1">Tom &amp; Jerry &lt;3 &#65;&#x42;</m:Message><Empty/></s:Body></s:Envelope>`;
    expect(elementText(xml, "Message")).toBe("Tom & Jerry <3 AB");
    expect(elementText(xml, "Empty")).toBe("");
    expect(elementText(xml, "Missing")).toBeNull();
    expect(elementText("<MessageId>1</MessageId>", "Message")).toBeNull();
    expect(decodeXmlText("<![CDATA[a < b]]>")).toBe("a < b");
    expect(everyElementContent("<Lines><Line>1</Line><Line>2</Line><LineNo>3</LineNo></Lines>", "Line")).toEqual(["1", "2"]);
  });

  it("reads a report answer, an invoice's accept or reject result, and a fault", () => {
    expect(readReportAnswer("<CccOneResponse><Status>SUCCESS</Status><Message>saved</Message></CccOneResponse>")).toEqual({
      succeeded: true,
      message: "saved",
    });
    expect(readReportAnswer("<CccOneResponse><Status>ERROR</Status><Message>no</Message></CccOneResponse>")).toEqual({ succeeded: false, message: "no" });
    expect(readReportAnswer("<CccOneResponse><Message>no status</Message></CccOneResponse>")).toBeNull();
    const accepted = readInvoiceAnswer("<AcceptResult><InvoiceId>INV1_1</InvoiceId><Message>Invoice accepted</Message></AcceptResult>");
    expect(accepted).toEqual({ accepted: true, invoiceId: "INV1_1", message: "Invoice accepted" });
    const rejected = readInvoiceAnswer("<RejectResult><InvoiceId>INV1_1</InvoiceId><Code>E3007</Code><Message>Duplicate invoice</Message></RejectResult>");
    expect(rejected && invoiceAnswerText(rejected)).toBe("E3007: Duplicate invoice");
    expect(readInvoiceAnswer("<soap:Fault><faultstring>down</faultstring></soap:Fault>")).toBeNull();
    expect(readSoapFault("<soap:Fault><faultstring>down</faultstring></soap:Fault>")).toBe("down");
  });
});

describe("the sandbox's failure pattern (CCCONE_SANDBOX_FAIL)", () => {
  it("matches whole scan request ids only", () => {
    const endsIn7 = compileFailurePattern("\\d*7");
    expect(["7", "17", "1007"].every((id) => endsIn7.test(id))).toBe(true);
    expect(["70", "171", ""].some((id) => endsIn7.test(id))).toBe(false);
    const listed = compileFailurePattern("12|345");
    expect([listed.test("12"), listed.test("345"), listed.test("1234"), listed.test("3456")]).toEqual([true, true, false, false]);
  });

  it("is checked at start: a pattern that is not a regular expression names the variable", () => {
    expect(failurePatternProblem("(")).not.toBeNull();
    expect(() => loadConfig({ CCCONE_SANDBOX_FAIL: "(", SESSION_SECRET: "x".repeat(40) })).toThrow(/CCCONE_SANDBOX_FAIL must be a regular expression/);
    expect(loadConfig({ CCCONE_SANDBOX_FAIL: "\\d*7", SESSION_SECRET: "x".repeat(40) }).ccconeSandboxFail).toBe("\\d*7");
    expect(() => loadConfig({ PROVIDER_SANDBOX_FAIL: "(", SESSION_SECRET: "x".repeat(40) })).toThrow(
      /PROVIDER_SANDBOX_FAIL must be a regular expression matched against whole shop ids/,
    );
    expect(loadConfig({ PROVIDER_SANDBOX_FAIL: "\\d*7", SESSION_SECRET: "x".repeat(40) }).providerSandboxFail).toBe("\\d*7");
  });
});
