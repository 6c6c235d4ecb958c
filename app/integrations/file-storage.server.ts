import type { FileStorage } from "./storage.server";

/** The process-wide file storage, set once at start (and by tests). */
let chosenStorage: FileStorage | undefined;

export function setFileStorage(storage: FileStorage | undefined): void {
  chosenStorage = storage;
}

export function getFileStorage(): FileStorage {
  if (!chosenStorage) throw new Error("File storage has not been set up (the portal sets it at start).");
  return chosenStorage;
}
