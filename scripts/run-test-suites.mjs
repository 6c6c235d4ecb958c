// `npm test` after the build: vitest and Playwright side by side. Each of them alone keeps about
// one of the machine's two cores busy (its integration tests and browser pages wait on servers and
// sockets more than they compute), so together they finish in about the time of the longer one
// (README, Tests). Their lines are printed as they come, each prefixed with its suite; the exit
// status is the first failure's, else 0.
import { spawn } from "node:child_process";
import readline from "node:readline";

const suites = [
  { name: "vitest", command: ["node_modules/vitest/vitest.mjs", "run"] },
  { name: "e2e", command: ["node_modules/@playwright/test/cli.js", "test"] },
];

function run({ name, command }) {
  const started = Date.now();
  const child = spawn(process.execPath, command, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      process.stdout.write(`[${name}] finished in ${minutes} min: ${signal ? `killed by ${signal}` : `exit ${code}`}\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(suites.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
