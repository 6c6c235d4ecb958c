import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BILLING_RULE_SHAPE, camelCaseLabel } from "~/modules/configurations/billing-rule";
import { CODE_LABELS_SHAPE } from "~/modules/configurations/code-labels";
import { INVALID_JSON, jsonDepth, MAX_JSON_DEPTH, MAX_VALUE_BYTES, stripControlEscapes, TOO_DEEP, TOO_LARGE } from "~/modules/configurations/json-text";
import { CONFIG_VALUE_TYPES, EMPTY_VALUES, normaliseConfigurationValue } from "~/modules/configurations/value-types";

/** The configuration value types' rules (platform spec §3, §5): JSON, billing rules, code/label lists, limits. */
const stored = (type: Parameters<typeof normaliseConfigurationValue>[0], text: string) => {
  const result = normaliseConfigurationValue(type, text);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value;
};
const refusal = (type: Parameters<typeof normaliseConfigurationValue>[0], text: string) => {
  const result = normaliseConfigurationValue(type, text);
  return result.ok ? null : result.message;
};

/** Every string (keys included) inside a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}
const CONTROL = /[\n\t\b\f]/;

describe("JSON values", () => {
  it("round-trip any JSON value without newline, tab, backspace or form feed unchanged", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }).filter((value) => !stringsOf(value).some((text) => CONTROL.test(text))),
        (value) => {
          expect(stored("JSON", JSON.stringify(value, null, 2))).toBe(JSON.stringify(value));
        },
      ),
    );
  });

  it("strip the control escape sequences from any string, and only them, leaving valid JSON", () => {
    const unit = fc.constantFrom("a", "n", "t", "b", "f", "\\", '"', "\n", "\t", "\b", "\f", "\r", "é");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const result = stored("JSON", JSON.stringify({ text }));
        expect(JSON.parse(result)).toEqual({ text: text.replace(/[\n\t\b\f]/g, "") });
        expect(stored("JSON", result)).toBe(result);
      }),
    );
  });

  it("keeps an escaped backslash followed by n", () => {
    expect(stripControlEscapes(JSON.stringify("a\\nb\nc"))).toBe(JSON.stringify("a\\nbc"));
  });

  it("refuses what does not parse with the spec's message", () => {
    for (const text of ["", "{", "{'a': 1}", "[1,]", "undefined", '{"a":1}x']) expect(refusal("JSON", text)).toBe(INVALID_JSON);
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, counting brackets inside strings as text`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.constantFrom("[", '{"a":'), (depth, open) => {
        const close = open === "[" ? "]" : "}";
        const text = `${open.repeat(depth)}1${close.repeat(depth)}`;
        expect(jsonDepth(text)).toBe(depth);
        expect(refusal("JSON", text)).toBe(depth > MAX_JSON_DEPTH ? TOO_DEEP : null);
      }),
    );
    expect(stored("JSON", JSON.stringify(["[".repeat(100), "{".repeat(100)]))).toBeTruthy();
  });

  it("refuses a value over 256 KB, counted in UTF-8 bytes", () => {
    expect(refusal("JSON", JSON.stringify("x".repeat(MAX_VALUE_BYTES)))).toBe(TOO_LARGE);
    expect(refusal("JSON", JSON.stringify("x".repeat(MAX_VALUE_BYTES - 2)))).toBeNull();
    expect(refusal("TEXT", "é".repeat(MAX_VALUE_BYTES / 2 + 1))).toBe(TOO_LARGE);
    expect(refusal("ENCRYPT", "é".repeat(MAX_VALUE_BYTES / 2))).toBeNull();
  });
});

describe("billing rules", () => {
  it("name a parameter after its label in camel case", () => {
    expect(camelCaseLabel("Free Scan Number")).toBe("freeScanNumber");
    expect(camelCaseLabel("  tier   ONE price ")).toBe("tierOnePrice");
    expect(camelCaseLabel("   ")).toBe("");
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { minLength: 1, maxLength: 5 }), (words) => {
        const name = camelCaseLabel(words.join(" "));
        expect(name).toBe(name.trim());
        expect(name).not.toMatch(/\s/);
        expect(name.toLowerCase()).toBe(words.join("").toLowerCase());
        expect(name[0]).toBe(words[0][0].toLowerCase());
      }),
    );
  });

  it("derive the names, drop parameters with an empty name and strip control escapes", () => {
    const value = { params: [{ paramName: "wrong", paramLabel: "Flat Fee" }, { paramName: "", paramLabel: " " }, { paramLabel: "Free\tScan\nNumber" }] };
    expect(JSON.parse(stored("BILLING_RULE", JSON.stringify(value)))).toEqual({
      params: [
        { paramName: "flatFee", paramLabel: "Flat Fee" },
        { paramName: "freeScanNumber", paramLabel: "FreeScanNumber" },
      ],
    });
  });

  it("refuse other shapes, unparsable text and a parameter listed twice", () => {
    expect(refusal("BILLING_RULE", "[]")).toBe(BILLING_RULE_SHAPE);
    expect(refusal("BILLING_RULE", JSON.stringify({ params: [{ paramName: "a" }] }))).toBe(BILLING_RULE_SHAPE);
    expect(refusal("BILLING_RULE", "{params: []}")).toBe(INVALID_JSON);
    expect(refusal("BILLING_RULE", JSON.stringify({ params: [{ paramLabel: "Flat Fee" }, { paramLabel: "flat  fee" }] }))).toBe(
      'The billing rule parameter "flat  fee" is listed twice.',
    );
  });
});

describe("code/label lists", () => {
  it("keep code and label of each row", () => {
    const rows = [
      { code: "A", label: "Alpha", extra: 1 },
      { code: "B", label: "Beta" },
    ];
    expect(JSON.parse(stored("LIST_CODE_LABELS", JSON.stringify(rows)))).toEqual([
      { code: "A", label: "Alpha" },
      { code: "B", label: "Beta" },
    ]);
  });

  it("require both, name the row, and refuse a code used twice", () => {
    expect(
      refusal(
        "LIST_CODE_LABELS",
        JSON.stringify([
          { code: "A", label: "a" },
          { code: " ", label: "b" },
        ]),
      ),
    ).toBe("Row 2: the code is required.");
    expect(refusal("LIST_CODE_LABELS", JSON.stringify([{ code: "A" }]))).toBe("Row 1: the label is required.");
    expect(
      refusal(
        "LIST_CODE_LABELS",
        JSON.stringify([
          { code: "A", label: "a" },
          { code: "B", label: "b" },
          { code: "A", label: "c" },
        ]),
      ),
    ).toBe('Row 3: the code "A" is already used in row 1.');
    expect(refusal("LIST_CODE_LABELS", JSON.stringify({ code: "A", label: "a" }))).toBe(CODE_LABELS_SHAPE);
    expect(refusal("LIST_CODE_LABELS", "[1]")).toBe(`Row 1: ${CODE_LABELS_SHAPE}`);
    expect(refusal("LIST_CODE_LABELS", "[{")).toBe(INVALID_JSON);
  });
});

describe("empty skeletons", () => {
  it("are valid values of their own type", () => {
    for (const type of CONFIG_VALUE_TYPES) expect(stored(type, EMPTY_VALUES[type])).toBe(EMPTY_VALUES[type]);
  });
});
