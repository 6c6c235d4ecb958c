import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { remixBuildFile } from "~/http/remix-build.server";
import { findProjectRoot } from "~/lib/project-root.server";
import packageJson from "../../../package.json";

/** The build information a backend service's /about answers (platform spec §3 "Service build info"). */
export interface BuildInfo {
  artifact: string;
  group: string;
  tag: string;
  version: string;
  /** When the build was made, ISO-8601; null when it cannot be told. */
  time: string | null;
}

export const BUILD_GROUP = "com.portal.diagnostics";
export const BUILD_INFO_FILE = path.join("build", "build-info.json");

const buildFileSchema = z.object({ version: z.string(), time: z.string() });

/** The time scripts/build-server.mjs recorded, else (development) when the Remix bundle was written. */
function readBuildTime(projectRoot: string): string | null {
  try {
    const recorded = buildFileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(projectRoot, BUILD_INFO_FILE), "utf8")));
    if (recorded.success) return recorded.data.time;
  } catch {
    // No build record: fall through to the bundle's own time.
  }
  try {
    return fs.statSync(remixBuildFile(projectRoot)).mtime.toISOString();
  } catch {
    return null;
  }
}

let builtAt: string | null | undefined;

function buildTime(): string | null {
  if (builtAt === undefined) builtAt = readBuildTime(findProjectRoot(import.meta.url));
  return builtAt;
}

/** This process's build, named as one of the backend services it serves. */
export function buildInfoOf(artifact: string): BuildInfo {
  return { artifact, group: BUILD_GROUP, tag: `v${packageJson.version}`, version: packageJson.version, time: buildTime() };
}
