import path from "node:path";

/** DATA_DIR as the portal reads it (./data by default), resolved against the working directory. */
export function dataDirectoryFromEnvironment(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.DATA_DIR?.trim() || "./data");
}
