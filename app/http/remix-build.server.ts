import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import type { Logger } from "~/lib/logger.server";
import { StartupError } from "~/lib/startup-error";

export function remixBuildFile(projectRoot: string): string {
  return path.join(projectRoot, "build", "remix", "index.js");
}

async function importBuild(file: string, version?: number): Promise<ServerBuild> {
  const url = pathToFileURL(file).href;
  return (await import(version === undefined ? url : `${url}?t=${version}`)) as ServerBuild;
}

/**
 * Production: the build is imported once. Development (under `remix dev --manual`): the compiler
 * writes version.txt after each server build; the new build is imported and the dev server told
 * it is live, so the browser reloads.
 */
export async function loadRemixBuild(
  projectRoot: string,
  mode: "production" | "development",
  logger: Logger,
): Promise<{ build: ServerBuild | (() => Promise<ServerBuild>); announceReady: () => void }> {
  const file = remixBuildFile(projectRoot);
  if (!fs.existsSync(file)) {
    throw new StartupError(`The Remix build ${path.relative(projectRoot, file)} is missing: run \`npm run build\` first.`);
  }
  if (mode === "production") {
    return { build: await importBuild(file), announceReady: () => undefined };
  }

  let loadedVersion = fs.statSync(file).mtimeMs;
  let current = await importBuild(file, loadedVersion);
  const reload = () => {
    // One compile can report several changes of version.txt.
    const version = fs.statSync(file).mtimeMs;
    if (version === loadedVersion) return;
    loadedVersion = version;
    importBuild(file, version)
      .then((build) => {
        current = build;
        logger.info("Reloaded the Remix build");
        void broadcastDevReady(build);
      })
      .catch((error: unknown) => logger.error("Reloading the Remix build failed", { error }));
  };
  fs.watch(path.dirname(file), (_event, name) => {
    if (name === "version.txt") reload();
  }).unref();
  return { build: async () => current, announceReady: () => void broadcastDevReady(current) };
}
