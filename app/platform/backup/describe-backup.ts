import type { BackupManifest } from "./backup-manifest";

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** What a backup holds, a line each, for the backup and restore commands' output. */
export function describeManifest(manifest: BackupManifest): string[] {
  return [
    `  taken:        ${manifest.createdAt}`,
    `  database:     ${formatBytes(manifest.database.bytes)} (${manifest.database.pages.toLocaleString("en-US")} pages), schema ${manifest.schemaVersion ?? "empty"}`,
    `  stored files: ${manifest.files.count.toLocaleString("en-US")} (${formatBytes(manifest.files.bytes)})`,
    `  secrets:      ${manifest.secrets.length > 0 ? manifest.secrets.join(", ") : "none (set in the environment)"}`,
  ];
}
