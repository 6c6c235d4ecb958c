// The production server for Playwright, on a fresh temporary data directory that is removed when
// the server exits (the one playwright.config.ts made and passes as DATA_DIR, so tests can read the
// database; else a new one). It runs in this process (not a child), so the SIGTERM Playwright sends
// to the process group reaches the server's own graceful shutdown exactly once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = process.env.DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.DATA_DIR = dataDir;

await import("../build/server/index.js");
