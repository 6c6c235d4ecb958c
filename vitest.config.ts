import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Files that change their process for good: the in-process portal runs React's production build. */
const OWN_PROCESS = ["tests/integration/hostile-input-walk.test.ts"];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    globalSetup: ["tests/support/build-once.ts", "tests/support/database-templates.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A spy never outlives its test, whichever file runs next in the same worker.
    restoreMocks: true,
    // Integration files each open their own databases; two workers match the two cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared-process",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: OWN_PROCESS,
          // Loading the packages again for each of 150 files took a quarter of the run's CPU time
          // (docs/decisions/0081); the portal's modules are still fresh for each file.
          isolate: false,
          setupFiles: ["tests/support/fresh-app-modules.ts"],
        },
      },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS } },
    ],
  },
});
