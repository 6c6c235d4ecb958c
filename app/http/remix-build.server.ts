import path from "node:path";

/** Where `npm run build` writes the Remix server build (remix.config.js). */
export function remixBuildFile(projectRoot: string): string {
  return path.join(projectRoot, "build", "remix", "index.js");
}
