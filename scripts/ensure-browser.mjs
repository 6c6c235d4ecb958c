// Playwright drives Debian's Chromium (the browser download of `npx playwright install` is not
// available here). Checks it is installed; as root in CI it installs it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && process.env.CI === "true") {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package.`);
  const run = (command, args) => spawnSync(command, args, { stdio: "inherit" }).status === 0;
  if (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "chromium"]) && fs.existsSync(CHROMIUM)) {
    process.exit(0);
  }
  console.error("Installing chromium failed.");
  process.exit(1);
}

console.error(`The end-to-end tests need Chromium at ${CHROMIUM}, and it is missing. Install it with:

  sudo apt-get install -y chromium

or, as root:

  apt-get update && apt-get install -y chromium
`);
process.exit(1);
