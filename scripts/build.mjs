// `npm run build`: the Remix build, then the server bundle (build-server.mjs).
//
// The Remix compiler drives esbuild's Go service. Under heavy load that service has been seen to
// print a Go runtime crash ("fatal error: all goroutines are asleep - deadlock!") and restart while
// the build still finished: such a trace is summed up in one line instead of being printed. A build
// that fails is tried once more, then reported in one line with its output.
import { spawnSync } from "node:child_process";

const GO_CRASH = /fatal error: all goroutines are asleep - deadlock!/;

function remixBuild() {
  const run = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], {
    encoding: "utf8",
    // Remix loads Vite's CommonJS API; its deprecation notice says nothing a user can act on.
    env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true" },
    stdio: ["ignore", "inherit", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: run.status === 0, stderr: run.stderr ?? "" };
}

/** The compiler's own messages, without a Go runtime trace (from its first line to the end). */
function withoutGoCrash(stderr) {
  const at = stderr.search(GO_CRASH);
  return at === -1 ? stderr : stderr.slice(0, at);
}

let attempt = remixBuild();
if (!attempt.ok) {
  process.stderr.write(`The Remix build failed; trying once more.\n${withoutGoCrash(attempt.stderr)}`);
  attempt = remixBuild();
}
if (!attempt.ok) {
  process.stderr.write(attempt.stderr);
  process.stderr.write("The Remix build failed twice; see the messages above.\n");
  process.exit(1);
}
process.stderr.write(withoutGoCrash(attempt.stderr));
if (GO_CRASH.test(attempt.stderr)) {
  process.stderr.write("esbuild's build service crashed and was restarted during the build (a known esbuild issue under load); the build finished.\n");
}

await import("./build-server.mjs");
