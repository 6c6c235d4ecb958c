import { describe, expect, it } from "vitest";
import { shopDocumentSchema } from "~/modules/shop-loader/shop-document";
import { EXAMPLE_SHOP_DOCUMENT, EXAMPLE_SHOP_DOCUMENT_TEXT, SHOP_DOCUMENT_FIELDS } from "~/modules/shop-loader/shop-document-guide";

describe("the shop document loader's guide", () => {
  it("describes every field the loader reads, once each, and names as required exactly those it cannot do without", () => {
    const keys = Object.keys(shopDocumentSchema.shape).sort();
    expect(SHOP_DOCUMENT_FIELDS.map((field) => field.name).sort()).toEqual(keys);
    const required = keys.filter((key) => !shopDocumentSchema.safeParse({ ...EXAMPLE_SHOP_DOCUMENT, [key]: undefined }).success);
    expect(
      SHOP_DOCUMENT_FIELDS.filter((field) => field.required)
        .map((field) => field.name)
        .sort(),
    ).toEqual(required.sort());
  });

  it("offers an example that loads as it is shown, with every field filled in", () => {
    const parsed = shopDocumentSchema.parse(JSON.parse(EXAMPLE_SHOP_DOCUMENT_TEXT));
    expect(parsed.license_num).toBe("004821");
    expect(Object.keys(EXAMPLE_SHOP_DOCUMENT).sort()).toEqual(Object.keys(shopDocumentSchema.shape).sort());
  });
});
