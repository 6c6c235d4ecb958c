import { describe, expect, it } from "vitest";
import { ByteBuffer } from "../../seed/store/byte-buffer";
import { SEED_TABLE_COLUMNS, sqlColumns, sqlName } from "../../seed/store/columns";
import { copyField, copyLine } from "../../seed/store/copy-format";

describe("COPY text encoding", () => {
  it("writes null, numbers and text the way COPY reads them", () => {
    expect(copyField(null)).toBe("\\N");
    expect(copyField(12.5)).toBe("12.5");
    expect(copyField(0)).toBe("0");
    expect(copyField("plain")).toBe("plain");
    expect(copyField("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
    expect(copyField("\\N")).toBe("\\\\N");
    expect(() => copyField(Number.NaN)).toThrow();
    expect(copyLine([1, null, "x\ty"])).toBe("1\t\\N\tx\\ty\n");
  });
});

describe("seeded table columns", () => {
  it("map to the SQL names the CamelCasePlugin uses", () => {
    expect(sqlName("scanRequestDetails")).toBe("scan_request_details");
    expect(sqlName("s3ObjectUrl")).toBe("s3_object_url");
    expect(sqlName("addrLine1")).toBe("addr_line1");
    expect(sqlColumns("transactionDocuments")).toContain("s3_object_url");
    expect(sqlColumns("scanRequests")).toHaveLength(SEED_TABLE_COLUMNS.scanRequests.length);
  });
});

describe("the COPY byte buffer", () => {
  it("encodes text as UTF-8 while it grows, and starts empty after take()", () => {
    const buffer = new ByteBuffer(4);
    buffer.append("ab");
    buffer.append("é✓");
    buffer.append("x".repeat(100));
    expect(buffer.length).toBe(2 + 2 + 3 + 100);
    expect(buffer.take().toString("utf8")).toBe(`abé✓${"x".repeat(100)}`);
    expect(buffer.length).toBe(0);
    buffer.append("next");
    expect(buffer.take().toString("utf8")).toBe("next");
  });
});
