import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

/** A thread's nice value from its stat line (field 19; the command name may hold spaces, so count after its closing parenthesis). */
function niceOf(statFile: string): number {
  const stat = fs.readFileSync(statFile, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

/** Runs lowerThisThreadsPriority in a worker thread of its own and answers that thread's nice value and the function's answer. */
function lowerInAWorker(): Promise<{ lowered: boolean; nice: number }> {
  const url = JSON.stringify(pathToFileURL(path.resolve("app/lib/thread-priority.ts")).href);
  const program = `
    const { parentPort } = require("node:worker_threads");
    const fs = require("node:fs");
    import("tsx/esm/api")
      .then(({ tsImport }) => tsImport(${url}, ${url}))
      .then(({ lowerThisThreadsPriority }) => {
        const lowered = lowerThisThreadsPriority();
        const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
        parentPort.postMessage({ lowered, nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]) });
      });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(program, { eval: true });
    worker.once("message", (answer: { lowered: boolean; nice: number }) => {
      void worker.terminate();
      resolve(answer);
    });
    worker.once("error", reject);
  });
}

describe.runIf(fs.existsSync("/proc/thread-self"))("lowerThisThreadsPriority", () => {
  it("lowers the calling thread to nice 19 and leaves the process's main thread as it was", async () => {
    const mainBefore = niceOf(`/proc/${process.pid}/task/${process.pid}/stat`);
    const answer = await lowerInAWorker();
    expect(answer).toEqual({ lowered: true, nice: 19 });
    expect(niceOf(`/proc/${process.pid}/task/${process.pid}/stat`)).toBe(mainBefore);
  });
});
