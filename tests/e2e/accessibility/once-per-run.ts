import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Which screens this run has checked already, shared by the workers of one project: a screen's
 * first claim creates a file named after its key (an atomic exclusive create), every later claim
 * finds it. The folder lives in Playwright's output folder, which every run starts by emptying
 * (UI and watch mode keep it: there only screens new to the session are checked).
 */
export class OncePerRun {
  constructor(private readonly folder: string) {
    fs.mkdirSync(folder, { recursive: true });
  }

  /** true for the first caller with this key in the run, false for every other. */
  claim(key: string): boolean {
    const file = path.join(this.folder, createHash("sha256").update(key).digest("hex").slice(0, 32));
    try {
      fs.writeFileSync(file, `${key}\n`, { flag: "wx" });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  }
}
