import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountMask, checkMasked, digitsMask, maskAttributes, MASK_MESSAGES, maskTyped, type InputMask } from "~/forms/input-mask";

/**
 * The masks of platform spec §5 and the filters' digits (dashboards and transactions specs §5), as
 * the browser applies them while typing and as the server checks what it receives (decision 0067).
 */
const MASKS: readonly InputMask[] = [digitsMask(8), digitsMask(9), digitsMask(10), amountMask(9, 2), amountMask(4, 1)];
const typedText = fc.string({ unit: fc.constantFrom(..."0123456789.,-+ eE abcx$٣"), maxLength: 24 });

describe("input masks", () => {
  it("masks the issue's examples as typed: '12abc.345' is 12.34 in an amount, '3.5x' is 35 in a whole number", () => {
    expect(maskTyped(amountMask(9, 2), "12abc.345")).toBe("12.34");
    expect(maskTyped(digitsMask(9), "3.5x")).toBe("35");
    expect(maskTyped(digitsMask(8), "001234567890")).toBe("00123456");
    expect(maskTyped(amountMask(9, 2), ".5")).toBe("0.5");
    expect(maskTyped(amountMask(9, 2), "1.2.3")).toBe("1.23");
  });

  it("refuses text out of its mask with words naming the format, never as if it were empty", () => {
    expect(checkMasked(amountMask(9, 2), "12abc.345")).toEqual({ status: "refused", message: "Enter an amount with at most two decimals." });
    expect(checkMasked(digitsMask(9), "3.5x")).toEqual({ status: "refused", message: "Enter a whole number, digits only." });
    expect(checkMasked(digitsMask(8), "123456789")).toEqual({ status: "refused", message: "Enter at most 8 digits." });
    expect(checkMasked(amountMask(9, 2), " 12.5 ")).toEqual({ status: "ok", text: "12.5", value: 12.5 });
    expect(checkMasked(digitsMask(8), "001234")).toEqual({ status: "ok", text: "001234", value: 1234 });
    expect(checkMasked(digitsMask(8), "  ")).toEqual({ status: "empty" });
  });

  it("whatever is typed or pasted, the masked text is empty or accepted by the server's check, and masking again changes nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MASKS), typedText, (mask, typed) => {
        const masked = maskTyped(mask, typed);
        expect(checkMasked(mask, masked).status).not.toBe("refused");
        expect(maskTyped(mask, masked)).toBe(masked);
        expect(masked.length).toBeLessThanOrEqual(maskAttributes(mask).maxLength);
      }),
    );
  });

  it("text the server accepts is left as it is by the mask, and its number is the text's", () => {
    const amount = fc
      .tuple(fc.stringMatching(/^\d{1,9}$/), fc.option(fc.stringMatching(/^\d{0,2}$/)))
      .map(([whole, fraction]) => (fraction === null ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(amount, (text) => {
        const check = checkMasked(amountMask(9, 2), text);
        expect(check).toEqual({ status: "ok", text, value: Number(text) });
        expect(maskTyped(amountMask(9, 2), text)).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$/), (text) => {
        expect(checkMasked(digitsMask(8), text)).toEqual({ status: "ok", text, value: Number(text) });
        expect(maskTyped(digitsMask(8), text)).toBe(text);
      }),
    );
  });

  it("refuses every text with a character its mask does not take, with the format's words", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MASKS), typedText, (mask, typed) => {
        const text = typed.trim();
        const foreign = mask.kind === "digits" ? /\D/.test(text) : /[^\d.]/.test(text) || (text.match(/\./g) ?? []).length > 1;
        fc.pre(foreign);
        expect(checkMasked(mask, typed)).toEqual({ status: "refused", message: MASK_MESSAGES.format(mask) });
      }),
    );
  });

  it("tells a browser without JavaScript the same format: a pattern the accepted texts match, and its words as the title", () => {
    for (const mask of MASKS) {
      const { pattern, title } = maskAttributes(mask);
      const whole = new RegExp(`^(?:${pattern})$`);
      expect(title).toBe(MASK_MESSAGES.format(mask));
      fc.assert(
        fc.property(typedText, (typed) => {
          const masked = maskTyped(mask, typed);
          expect(whole.test(masked)).toBe(true);
        }),
      );
    }
  });
});
