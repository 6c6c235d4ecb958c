import { vi } from "vitest";

/**
 * The test files of the shared-process project run one after another in the same worker
 * (vitest.config.ts): the packages they load (React, Mantine, Kysely, the database drivers) are
 * loaded once per worker, which is most of what a file used to spend on imports. The portal's own
 * modules hold state (the database, the sign-in settings, caches), so each file gets them fresh.
 */
vi.resetModules();
