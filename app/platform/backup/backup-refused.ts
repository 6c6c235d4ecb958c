/** A backup or restore that cannot be done as asked; its message says why and what to do. */
export class BackupRefusedError extends Error {}
