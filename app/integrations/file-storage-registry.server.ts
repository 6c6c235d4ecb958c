import type { FileStorage } from "./storage.server";

/**
 * The process-wide file storage. server.ts sets it when it opens the database; the Remix bundle is
 * a second copy of this module, so the instance lives on globalThis where both copies find it.
 */
const KEY = Symbol.for("portal.fileStorage");
type Registry = { [KEY]?: FileStorage };

export function setFileStorage(storage: FileStorage | undefined): void {
  (globalThis as Registry)[KEY] = storage;
}

export function getFileStorage(): FileStorage {
  const storage = (globalThis as Registry)[KEY];
  if (!storage) throw new Error("The file storage has not been set up (server.ts sets it at start).");
  return storage;
}
