import { createHash } from "node:crypto";
import type { UserClaims } from "~/auth/user-claims";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";

export const ANALYTICS_KEYS = { scriptUrl: "ANALYTICS_SCRIPT_URL", key: "ANALYTICS_KEY" } as const;

/** What the page needs to load usage analytics for the signed-in user (platform spec §1). */
export interface AnalyticsSettings {
  scriptUrl: string;
  analyticsKey: string;
  /** SHA-256 of the login, so the analytics vendor never sees who it is. */
  visitorId: string;
  accountId: string | null;
}

/** An https URL, or a path on this origin; anything else is not loaded. */
function usableScriptUrl(value: string): string | null {
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function analyticsVisitorId(login: string): string {
  return createHash("sha256").update(login, "utf8").digest("hex");
}

/** Null unless both configuration entries are set: then nothing is loaded. */
export async function analyticsFor(user: Pick<UserClaims, "login" | "companyId">): Promise<AnalyticsSettings | null> {
  const [scriptUrl, key] = await Promise.all([readConfigurationValue(ANALYTICS_KEYS.scriptUrl), readConfigurationValue(ANALYTICS_KEYS.key)]);
  const url = scriptUrl ? usableScriptUrl(scriptUrl.trim()) : null;
  if (!url || !key?.trim()) return null;
  return {
    scriptUrl: url,
    analyticsKey: key.trim(),
    visitorId: analyticsVisitorId(user.login),
    accountId: user.companyId === null ? null : String(user.companyId),
  };
}
