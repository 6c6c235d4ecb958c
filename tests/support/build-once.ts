import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Vitest global setup: the integration tests that start the real server need the production
 * build. `npm test` builds first; running vitest alone builds when there is no build yet.
 */
export default function buildOnce(): void {
  if (fs.existsSync(path.resolve("build/server/index.js")) && fs.existsSync(path.resolve("build/remix/index.js"))) return;
  // Not with vitest's NODE_ENV=test: that build's server answers every page with a 500.
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_ENV;
  execFileSync("npm", ["run", "build"], { stdio: "inherit", env: env as NodeJS.ProcessEnv });
}
