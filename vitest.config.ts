import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/build-once.ts", "tests/support/database-templates.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files each open their own databases; two workers match the two cores.
    maxWorkers: 2,
  },
});
