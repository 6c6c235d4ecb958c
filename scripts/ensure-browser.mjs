// Checks that the browser the end-to-end tests drive is installed (scripts/e2e-browser.mjs); as
// root in CI it installs Debian's package.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { e2eBrowserPath, HEADLESS_CHROMIUM_PACKAGE as PACKAGE } from "./e2e-browser.mjs";

const BROWSER = e2eBrowserPath();

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
