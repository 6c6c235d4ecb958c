import { z } from "zod";

/** backup.json, the first entry of a backup archive: what it holds, to check before restoring. */
export const BACKUP_FORMAT = 1;
export const MANIFEST_NAME = "backup.json";
export const DATABASE_NAME = "portal.sqlite";
export const FILES_DIRECTORY = "files";
export const SECRETS_DIRECTORY = "secrets";

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** The newest migration the database had run: its schema version. */
  schemaVersion: z.string().nullable(),
  migrations: z.array(z.string()),
  database: z.object({ bytes: z.number().int().nonnegative(), pages: z.number().int().nonnegative() }),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  secrets: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
