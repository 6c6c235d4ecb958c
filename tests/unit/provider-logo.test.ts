import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLogo, checkLogoFile, LOGO_MESSAGES, MAX_LOGO_BYTES } from "~/modules/providers/logo-file";

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);

describe("provider logo", () => {
  it("takes PNG and JPEG by their bytes", () => {
    expect(checkLogo(PNG)).toEqual({ ok: true, contentType: "image/png" });
    expect(checkLogo(JPEG)).toEqual({ ok: true, contentType: "image/jpeg" });
  });

  it("refuses HTML or SVG renamed .png, an empty file and one over 1 MB", () => {
    for (const text of ["<html><script>alert(1)</script></html>", '<svg xmlns="http://www.w3.org/2000/svg"/>', "GIF89a"]) {
      expect(checkLogo(new TextEncoder().encode(text))).toEqual({ ok: false, message: LOGO_MESSAGES.type });
    }
    expect(checkLogo(new Uint8Array())).toEqual({ ok: false, message: LOGO_MESSAGES.empty });
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set(PNG);
    expect(checkLogo(big)).toEqual({ ok: false, message: LOGO_MESSAGES.size });
  });

  it("never takes bytes that do not start with a PNG or JPEG signature", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (data) => {
        const png = data.length >= 8 && data[0] === 0x89 && data[1] === 0x50;
        const jpeg = data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
        if (!png && !jpeg) expect(checkLogo(data).ok).toBe(false);
      }),
    );
  });

  it("checks a chosen file in the browser as the server checks its bytes, whatever its name or claimed type (issue 25 item 10)", async () => {
    expect(await checkLogoFile(new File([PNG], "logo.png", { type: "image/png" }))).toEqual({ ok: true, contentType: "image/png" });
    expect(await checkLogoFile(new File([JPEG], "logo.txt", { type: "text/plain" }))).toEqual({ ok: true, contentType: "image/jpeg" });
    expect(await checkLogoFile(new File(["<svg/>"], "logo.png", { type: "image/png" }))).toEqual({
      ok: false,
      message: "The logo must be a JPEG or PNG image.",
    });
    expect(await checkLogoFile(new File([], "empty.png"))).toEqual({ ok: false, message: LOGO_MESSAGES.empty });
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set(PNG);
    expect(await checkLogoFile(new File([big], "big.png"))).toEqual({ ok: false, message: LOGO_MESSAGES.size });
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 64 }), async (data) => {
        expect(await checkLogoFile(new Blob([data]))).toEqual(checkLogo(data));
      }),
    );
  });
});
