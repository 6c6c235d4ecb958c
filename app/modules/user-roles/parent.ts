import { CCC_ORGANISATION_ID } from "~/auth/demo-access";

/** The parent organisation that stands for the product's own staff (platform spec §3 Provider). */
export const CCC_ORGANISATION_NAME = "CCC Intelligent Solutions Inc.";

/** The parent provider's id: the `o={providerId}` part of a user's ldapdn (platform spec §3 User); null without one. */
export function parentIdOf(ldapdn: string | null): number | null {
  const match = /(?:^|,)\s*o=(\d{1,9})\s*(?:,|$)/i.exec(ldapdn ?? "");
  return match ? Number(match[1]) : null;
}

/** "Name (id)" as the Parent column shows it; the id alone for a provider the portal does not know. */
export function parentLabel(parentId: number | null, providerNames: ReadonlyMap<number, string>): string {
  if (parentId === null) return "";
  const name = parentId === CCC_ORGANISATION_ID ? CCC_ORGANISATION_NAME : providerNames.get(parentId);
  return name ? `${name} (${parentId})` : `(${parentId})`;
}
