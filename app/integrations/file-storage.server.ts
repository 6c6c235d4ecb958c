import type { FileStorage } from "./storage.server";

/**
 * The process-wide file storage, set once by server.ts at start (and by tests). It lives on
 * globalThis because server.ts and the Remix bundle each load their own copy of this module.
 */
const KEY = Symbol.for("portal.fileStorage");
type Registry = { [KEY]?: FileStorage };

export function setFileStorage(storage: FileStorage | undefined): void {
  (globalThis as Registry)[KEY] = storage;
}

export function getFileStorage(): FileStorage {
  const storage = (globalThis as Registry)[KEY];
  if (!storage) throw new Error("File storage has not been set up (server.ts sets it at start).");
  return storage;
}
