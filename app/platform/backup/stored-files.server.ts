import fs from "node:fs";
import path from "node:path";
import { ensurePrivateParents } from "~/lib/private-files.server";

/** The regular files under a folder, as paths relative to it; a file being written (*.partial) is not one yet. */
export function listStoredFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? path.join(relative, entry.name) : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !entry.name.endsWith(".partial")) found.push(child);
    }
  };
  walk("");
  return found;
}

/**
 * Adds to `target` each file of `source` it lacks, as a hard link where the file system allows
 * (instant, and the link keeps the content even when the portal replaces or removes the file),
 * else as a copy. Returns how many files it added. A file removed while this runs is skipped.
 */
export function linkMissingFiles(source: string, target: string): number {
  let added = 0;
  for (const relative of listStoredFiles(source)) {
    const to = path.join(target, relative);
    if (fs.existsSync(to)) continue;
    ensurePrivateParents(to);
    try {
      fs.linkSync(path.join(source, relative), to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue;
      if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK") throw error;
      try {
        fs.copyFileSync(path.join(source, relative), to);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw copyError;
      }
    }
    added += 1;
  }
  return added;
}

export function totalBytes(root: string, files: readonly string[]): number {
  return files.reduce((sum, relative) => sum + fs.statSync(path.join(root, relative)).size, 0);
}
