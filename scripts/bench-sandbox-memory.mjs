// The CCC ONE sandbox's memory under posts (docs/performance.md, "CCC ONE sandbox"): starts the
// production build (npm run build first) on a loopback port with a temporary data directory, reads
// the server's resident memory (VmRSS) after a warm-up, after 200 posts of 1 MB without the
// sandbox's secret, and after 200 posts of 60 KB with it, then stops the server.
//
//   node scripts/bench-sandbox-memory.mjs [--posts 200] [--port 3223]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const POSTS = argument("--posts", 200);
const PORT = argument("--port", 3223);
const SECRET = "bench-sandbox-secret-0123456789abcdefghij";
const base = `http://127.0.0.1:${PORT}/sandbox/cccone`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-sandbox-"));

const server = spawn(process.execPath, ["build/server/index.js"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_SCALE: "50", LOG_LEVEL: "warn", CCCONE_SANDBOX_SECRET: SECRET },
  stdio: ["ignore", "ignore", "inherit"],
});

function rssMiB() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function waitUntilUp() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error("the server did not start");
}

async function postMany(count, body, headers) {
  const statuses = new Map();
  for (let i = 0; i < count; i++) {
    let outcome;
    try {
      const response = await fetch(`${base}/invoices`, {
        method: "POST",
        headers: { "Content-Type": "application/xml", "X-Scan-Request-Id": String(i), ...headers },
        body,
      });
      await response.arrayBuffer();
      outcome = response.status;
    } catch {
      // A refusal closes the connection; a client still sending its body may see that first.
      outcome = "closed";
    }
    statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
  }
  return Object.fromEntries(statuses);
}

async function settledRss() {
  await sleep(2000);
  return rssMiB();
}

try {
  await waitUntilUp();
  const invoice = (padding) =>
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><PostInvoice xmlns="urn:cccone:diagnostics:invoice:v1"><InvoiceId>INV1_1</InvoiceId><NetPrice>1.00</NetPrice><Notes>${"a".repeat(padding)}</Notes></PostInvoice></soap:Body></soap:Envelope>`;
  await postMany(20, invoice(1000), { "X-CCCONE-Sandbox-Secret": SECRET });
  const before = await settledRss();
  const refused = await postMany(POSTS, invoice(1_000_000), {});
  const afterRefused = await settledRss();
  const taken = await postMany(POSTS, invoice(60 * 1024), { "X-CCCONE-Sandbox-Secret": SECRET });
  const afterTaken = await settledRss();
  console.log(
    `| ${POSTS} x 1 MB, no secret | ${JSON.stringify(refused)} | ${before.toFixed(0)} MiB | ${afterRefused.toFixed(0)} MiB | ${(afterRefused - before).toFixed(0)} MiB |`,
  );
  console.log(
    `| ${POSTS} x 60 KB, with the secret | ${JSON.stringify(taken)} | ${afterRefused.toFixed(0)} MiB | ${afterTaken.toFixed(0)} MiB | ${(afterTaken - afterRefused).toFixed(0)} MiB |`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
