import { log } from "~/lib/logger.server";
import { MAPS_API_KEY, MAPS_TIME_ZONE_URL } from "~/modules/configurations/known-keys";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";
import { decryptSecret } from "~/platform/configuration/secret-box.server";

/**
 * The shop document loader's test call (dashboards spec §2.8: on opening, a call to the maps
 * time-zone URL with the key embedded at {key}). Only when MAPS_TIME_ZONE_URL is configured (none
 * by default); the page is told whether it answered, never the address or the key.
 */
export type MapsTimeZoneCheck = { configured: false } | { configured: true; answered: boolean; detail: string };

const TIMEOUT_MS = 3_000;

async function mapsKey(): Promise<string> {
  const stored = await readConfigurationValue(MAPS_API_KEY);
  if (!stored) return "";
  try {
    return decryptSecret(stored);
  } catch {
    return "";
  }
}

export async function checkMapsTimeZoneUrl(): Promise<MapsTimeZoneCheck> {
  const template = (await readConfigurationValue(MAPS_TIME_ZONE_URL))?.trim();
  if (!template) return { configured: false };
  let url: URL;
  try {
    url = new URL(template.replaceAll("{key}", encodeURIComponent(await mapsKey())));
  } catch {
    return { configured: true, answered: false, detail: "The configured address is not a valid URL." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { configured: true, answered: false, detail: "The configured address is not an http or https URL." };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
    await response.body?.cancel();
    return { configured: true, answered: response.ok, detail: `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    log.warn("The maps time-zone URL did not answer", { host: url.host, timedOut });
    return { configured: true, answered: false, detail: timedOut ? `No answer within ${TIMEOUT_MS / 1000} seconds.` : "The address could not be reached." };
  }
}
