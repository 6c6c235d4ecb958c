import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canAddRouting,
  checkParameterValue,
  isValidRegistrationConfig,
  keptRoutings,
  newProviderSchema,
  parseParameterValue,
  parseProductCodes,
  PROVIDER_MESSAGES,
  providerEditSchema,
} from "~/modules/providers/provider-rules";

/** The provider forms' rules as a form submits them (conform's parseWithZod), with the spec's messages. */
function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const VALID_NEW: [string, string][] = [
  ["providerId", "5001"],
  ["providerName", " Acme Scan "],
  ["providerType", "OEM"],
  ["providerCd", "ACM"],
  ["version", "2.0"],
  ["vehicleMakes", "FORD"],
  ["vehicleMakes", "GM"],
  ["scanTypes", "Scan"],
  ["billingRuleId", "PER_SCAN"],
  ["billingValues.scanPrice", "12.50"],
  ["billingValues.numberOfScans", "3"],
  ["routings[0].routingName", "results"],
  ["routings[0].routingUrl", "https://acme.example/results"],
  ["routings[0].routingTimeout", "30"],
  ["routings[1].routingName", ""],
  ["routings[1].routingUrl", ""],
];

describe("provider rules", () => {
  it("reads a complete new provider, trimming text, dropping a blank routing row and parsing billing values", () => {
    const submission = parseWithZod(form(VALID_NEW), { schema: newProviderSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    expect(submission.value).toMatchObject({
      providerId: 5001,
      providerName: "Acme Scan",
      vehicleMakes: ["FORD", "GM"],
      nonBillableProcedures: [],
      billingValues: { scanPrice: 12.5, numberOfScans: 3 },
      routings: [{ routingName: "results", routingUrl: "https://acme.example/results", routingTimeout: 30 }],
    });
  });

  it("says the spec's words for each missing field of a new provider", () => {
    const submission = parseWithZod(form([["providerId", ""]]), { schema: newProviderSchema });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.providerId).toEqual([PROVIDER_MESSAGES.providerId]);
    expect(errors.providerName).toEqual([PROVIDER_MESSAGES.name]);
    expect(errors.providerType).toEqual([PROVIDER_MESSAGES.type]);
    expect(errors.providerCd).toEqual([PROVIDER_MESSAGES.code]);
    expect(errors.version).toEqual([PROVIDER_MESSAGES.version]);
    expect(errors.vehicleMakes).toEqual([PROVIDER_MESSAGES.makes]);
    expect(errors.scanTypes).toEqual([PROVIDER_MESSAGES.scanTypes]);
  });

  it("never calls a filled Provider Id empty: text out of its digit mask, too many digits and 0 each get their own words", () => {
    const cases: Array<[string, string]> = [
      ["-3", "Enter a whole number, digits only."],
      ["1.5", "Enter a whole number, digits only."],
      ["abc", "Enter a whole number, digits only."],
      ["99999999999", "Enter at most 9 digits."],
      ["0", "Enter a whole number above 0."],
    ];
    for (const [id, message] of cases) {
      const bad = parseWithZod(form([...VALID_NEW.filter(([name]) => name !== "providerId"), ["providerId", id]]), { schema: newProviderSchema });
      expect(bad.reply().error?.providerId, id).toEqual([message]);
    }
  });

  it("refuses a billing value out of its mask or not above 0, and a routing that is not an http(s) address or has a bad timeout", () => {
    const bad = parseWithZod(
      form([
        ...VALID_NEW.filter(([name]) => !name.startsWith("billingValues") && !name.startsWith("routings")),
        ["billingValues.scanPrice", "0"],
        ["billingValues.numberOfScans", "2.5"],
        ["routings[0].routingName", "a"],
        ["routings[0].routingUrl", "javascript:alert(1)"],
        ["routings[1].routingName", "b"],
        ["routings[1].routingUrl", "https://b.example"],
        ["routings[1].routingTimeout", "-1"],
      ]),
      { schema: newProviderSchema },
    );
    const errors = bad.reply().error ?? {};
    expect(errors["billingValues.scanPrice"]).toEqual(["Enter an amount above 0."]);
    expect(errors["billingValues.numberOfScans"]).toEqual(["Enter a whole number, digits only."]);
    expect(errors["routings[1].routingTimeout"]).toEqual([PROVIDER_MESSAGES.routingTimeout]);
  });

  it("refuses a filled billing value out of its mask with words naming the format, keeping 'Field is required' for an empty one (issue 25 item 8)", () => {
    const typed = parseWithZod(
      form([
        ...VALID_NEW.filter(([name]) => !name.startsWith("billingValues")),
        ["billingValues.intervalPrice", "12abc.345"],
        ["billingValues.maximumScanNumber", "3.5x"],
        ["billingValues.flatFee", ""],
      ]),
      { schema: newProviderSchema },
    );
    const errors = typed.reply().error ?? {};
    expect(errors["billingValues.intervalPrice"]).toEqual(["Enter an amount with at most two decimals."]);
    expect(errors["billingValues.maximumScanNumber"]).toEqual(["Enter a whole number, digits only."]);
    expect(errors["billingValues.flatFee"]).toEqual([PROVIDER_MESSAGES.fieldRequired]);
    // What was typed comes back as typed.
    expect(typed.reply().initialValue).toMatchObject({ billingValues: { intervalPrice: "12abc.345", maximumScanNumber: "3.5x" } });
    for (const [name, raw] of [
      ["intervalPrice", "12abc.345"],
      ["maximumScanNumber", "3.5x"],
      ["flatFee", "0"],
      ["freeScanNumber", "007x"],
    ] as const) {
      expect(checkParameterValue(name, raw), raw).not.toEqual({ message: PROVIDER_MESSAGES.fieldRequired });
    }
    expect(checkParameterValue("flatFee", " ")).toEqual({ message: PROVIDER_MESSAGES.fieldRequired });
  });

  it("checks a routing's URL once blank rows are dropped", () => {
    const bad = parseWithZod(
      form([...VALID_NEW.filter(([name]) => !name.startsWith("routings")), ["routings[0].routingName", "a"], ["routings[0].routingUrl", "ftp://a.example"]]),
      { schema: newProviderSchema },
    );
    expect(bad.reply().error?.["routings[0].routingUrl"]).toEqual([PROVIDER_MESSAGES.routingUrl]);
    // The error names the row as the form numbers it, a blank row before it included.
    const afterBlank = parseWithZod(
      form([
        ...VALID_NEW.filter(([name]) => !name.startsWith("routings")),
        ["routings[0].routingName", ""],
        ["routings[0].routingUrl", ""],
        ["routings[1].routingName", "b"],
        ["routings[1].routingUrl", "ftp://b.example"],
      ]),
      { schema: newProviderSchema },
    );
    expect(afterBlank.reply().error).toMatchObject({ "routings[1].routingUrl": [PROVIDER_MESSAGES.routingUrl] });
    expect(afterBlank.reply().error?.["routings[0].routingUrl"]).toBeUndefined();
    const many = Array.from({ length: 1000 }, (_, i): [string, string][] => [
      [`routings[${i}].routingName`, `r${i}`],
      [`routings[${i}].routingUrl`, "https://r.example"],
    ]).flat();
    expect(
      parseWithZod(form([...VALID_NEW.filter(([name]) => !name.startsWith("routings")), ...many]), { schema: newProviderSchema }).reply().error?.routings,
    ).toEqual([PROVIDER_MESSAGES.tooManyRoutings]);
  });

  it("edits: the VIN billing interval at most 365, registration configuration JSON or empty, product codes split and trimmed", () => {
    const base: [string, string][] = [
      ["providerName", "Acme"],
      ["providerType", "OEM"],
      ["providerCd", "ACM"],
      ["version", "2.0"],
      ["vehicleMakes", "FORD"],
      ["scanTypes", "Scan"],
    ];
    const ok = parseWithZod(
      form([...base, ["isActive", "on"], ["productCodes", " A1, ,B2 ,"], ["vinBillingIntervalDays", "365"], ["registrationConfig", '{"a":1}']]),
      { schema: providerEditSchema },
    );
    if (ok.status !== "success") throw new Error(JSON.stringify(ok.error));
    expect(ok.value).toMatchObject({ isActive: true, productCodes: ["A1", "B2"], vinBillingIntervalDays: 365, registrationConfig: '{"a":1}' });
    const empty = parseWithZod(form(base), { schema: providerEditSchema });
    expect(empty.status === "success" && empty.value).toMatchObject({
      isActive: false,
      productCodes: null,
      vinBillingIntervalDays: null,
      registrationConfig: null,
    });
    const bad =
      parseWithZod(form([...base, ["vinBillingIntervalDays", "366"], ["registrationConfig", "{nope"]]), { schema: providerEditSchema }).reply().error ?? {};
    expect(bad.vinBillingIntervalDays).toEqual([PROVIDER_MESSAGES.interval]);
    expect(bad.registrationConfig).toEqual([PROVIDER_MESSAGES.registrationJson]);
    for (const days of ["-1", "1.5"]) {
      expect(parseWithZod(form([...base, ["vinBillingIntervalDays", days]]), { schema: providerEditSchema }).reply().error?.vinBillingIntervalDays).toEqual([
        PROVIDER_MESSAGES.intervalWhole,
      ]);
    }
  });

  it("product codes: whatever is typed, the codes are the trimmed non-empty parts, or null", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }).filter((part) => !part.includes(","))), (parts) => {
        const expected = parts.map((part) => part.trim()).filter(Boolean);
        expect(parseProductCodes(parts.join(","))).toEqual(expected.length > 0 ? expected : null);
      }),
    );
  });

  it("billing values: a 'number' parameter takes whole numbers, the others up to two decimals, always above 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        expect(parseParameterValue("numberOfScans", String(whole))).toBe(whole > 0 ? whole : null);
        expect(parseParameterValue("numberOfScans", `${whole}.${cents}`)).toBeNull();
        const decimal = `${whole}.${String(cents).padStart(2, "0")}`;
        expect(parseParameterValue("scanPrice", decimal)).toBe(Number(decimal) > 0 ? Number(decimal) : null);
      }),
    );
    expect(parseParameterValue("scanPrice", "1.234")).toBeNull();
  });

  it("routing rows: another may be added only when none is blank; blank rows are dropped", () => {
    const full = { routingName: "a", routingUrl: "https://a.example" };
    const blank = { routingName: " ", routingUrl: "https://b.example" };
    expect(canAddRouting([full])).toBe(true);
    expect(canAddRouting([full, blank])).toBe(false);
    expect(keptRoutings([full, blank])).toEqual([full]);
    expect(isValidRegistrationConfig("")).toBe(true);
    expect(isValidRegistrationConfig("[1,2]")).toBe(true);
    expect(isValidRegistrationConfig("{")).toBe(false);
  });
});
