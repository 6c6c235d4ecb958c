// Playwright drives Debian's headless Chromium, the package chromium-headless-shell (the browser
// download of `npx playwright install` is not available here). Checks it is installed; as root in
// CI it installs it. E2E_BROWSER names another Chromium instead (playwright.config.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const PACKAGE = "chromium-headless-shell";
const BROWSER = process.env.E2E_BROWSER || `/usr/bin/${PACKAGE}`;

if (fs.existsSync(BROWSER)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && process.env.CI === "true" && !process.env.E2E_BROWSER) {
  console.log(`${BROWSER} is missing: installing Debian's ${PACKAGE} package.`);
  const run = (command, args) => spawnSync(command, args, { stdio: "inherit" }).status === 0;
  if (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", PACKAGE]) && fs.existsSync(BROWSER)) {
    process.exit(0);
  }
  console.error(`Installing ${PACKAGE} failed.`);
  process.exit(1);
}

console.error(`The end-to-end tests need Chromium at ${BROWSER}, and it is missing. Install it with:

  sudo apt-get install -y ${PACKAGE}

or, as root:

  apt-get update && apt-get install -y ${PACKAGE}
`);
process.exit(1);
