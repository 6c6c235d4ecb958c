import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertValidStorageKey, createLocalFileStorage, InvalidStorageKeyError, isValidStorageKey, type LocalFileStorage } from "~/integrations/storage.server";

describe("storage keys", () => {
  it("accept relative paths of plain segments", () => {
    for (const key of ["a", "reports/2026-06/ScanReport_12.pdf", "logos/providers/1001.png", "x_y-z.1/b"]) expect(isValidStorageKey(key), key).toBe(true);
  });

  it("refuse anything that could leave the storage folder or is not a plain name", () => {
    for (const key of [
      "",
      "/etc/passwd",
      "../secret",
      "a/../../b",
      "a/./b",
      "a//b",
      "a/",
      "a\\b",
      "C:/x",
      ".hidden",
      "a/.env",
      "-rf",
      "a b",
      "a/\0b",
      "é",
      "x".repeat(513),
    ]) {
      expect(isValidStorageKey(key), JSON.stringify(key)).toBe(false);
      expect(() => assertValidStorageKey(key)).toThrow(InvalidStorageKeyError);
    }
  });
});

describe("local file storage", () => {
  let dataDir: string;
  let storage: LocalFileStorage;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-storage-"));
    storage = createLocalFileStorage(dataDir);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("keeps files under <dataDir>/files and reads them back", async () => {
    await storage.put("reports/2026-06/a.pdf", Buffer.from("%PDF-1.4 test"));
    expect(fs.readFileSync(path.join(dataDir, "files", "reports", "2026-06", "a.pdf"), "latin1")).toBe("%PDF-1.4 test");
    expect((await storage.get("reports/2026-06/a.pdf"))?.toString()).toBe("%PDF-1.4 test");
    expect(await storage.stat("reports/2026-06/a.pdf")).toMatchObject({ size: 13 });
    const opened = await storage.openReadStream("reports/2026-06/a.pdf");
    expect(opened?.size).toBe(13);
    expect(await text(opened?.stream ?? fs.createReadStream("/dev/null"))).toBe("%PDF-1.4 test");
  });

  it("replaces a file whole and leaves no temporary files", async () => {
    await storage.put("k/file.txt", "first");
    await storage.put("k/file.txt", "second version");
    storage.putSync("k/other.txt", "sync");
    expect((await storage.get("k/file.txt"))?.toString()).toBe("second version");
    expect((await storage.get("k/other.txt"))?.toString()).toBe("sync");
    expect(fs.readdirSync(path.join(dataDir, "files", "k")).sort()).toEqual(["file.txt", "other.txt"]);
  });

  it("answers null or false for missing files", async () => {
    expect(await storage.get("missing.pdf")).toBeNull();
    expect(await storage.stat("missing.pdf")).toBeNull();
    expect(await storage.openReadStream("missing/deeper.pdf")).toBeNull();
    expect(await storage.delete("missing.pdf")).toBe(false);
    expect(storage.deleteSync("missing.pdf")).toBe(false);
    fs.mkdirSync(path.join(dataDir, "files", "folder"), { recursive: true });
    expect(await storage.stat("folder")).toBeNull();
    expect(await storage.get("folder")).toBeNull();
  });

  it("deletes files", async () => {
    await storage.put("d/x.bin", Uint8Array.from([1, 2, 3]));
    expect(await storage.delete("d/x.bin")).toBe(true);
    expect(await storage.get("d/x.bin")).toBeNull();
    storage.putSync("d/y.bin", "y");
    expect(storage.deleteSync("d/y.bin")).toBe(true);
  });

  it("refuses invalid keys before touching the disk", async () => {
    await expect(storage.put("../outside.txt", "x")).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get("/etc/passwd")).rejects.toThrow(InvalidStorageKeyError);
    expect(() => storage.putSync("a/../../outside.txt", "x")).toThrow(InvalidStorageKeyError);
    expect(fs.existsSync(path.join(dataDir, "outside.txt"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "files"))).toBe(false);
  });
});
