import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { remixBuildFile } from "./app/http/remix-build.server";
import { findProjectRoot } from "./app/lib/project-root.server";
import type { PortalEntry } from "./app/start-portal.server";

/**
 * The portal's process: it imports the Remix build and starts the portal from the build's own
 * server entry, so the Express pipeline, the loaders and the actions share one module graph
 * (decision 0080). Of app/ it imports only two path helpers that hold no state, and types. It runs
 * compiled from build/server/ and, under `remix dev`, from the project root (tsx).
 */

async function main(): Promise<void> {
  // React is loaded with the Remix build below, so this still picks its production bundle.
  process.env.NODE_ENV ??= "production";
  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  const root = findProjectRoot(import.meta.url);
  const buildFile = remixBuildFile(root);
  if (!fs.existsSync(buildFile)) {
    process.stderr.write(`Cannot start the portal: the Remix build ${path.relative(root, buildFile)} is missing: run \`npm run build\` first.\n`);
    process.exit(1);
  }
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const entry = build.entry.module as unknown as PortalEntry;
  try {
    await entry.startPortal({ build, projectRoot: root, mode, env: process.env, exit: (code) => process.exit(code) });
  } catch (error) {
    const line = entry.describeStartFailure(error);
    process.stderr.write(
      line
        ? `Cannot start the portal: ${line}\n`
        : `Cannot start the portal: unexpected error\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Cannot start the portal: unexpected error\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
