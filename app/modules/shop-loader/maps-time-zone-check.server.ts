import { guardedRequest } from "~/integrations/http/guarded-request.server";
import { log } from "~/lib/logger.server";
import { MAPS_API_KEY, MAPS_TIME_ZONE_URL } from "~/modules/configurations/known-keys";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";
import { decryptSecret } from "~/platform/configuration/secret-box.server";

/**
 * The shop document loader's test call (dashboards spec §2.8: on opening, a call to the maps
 * time-zone URL with the key embedded at {key}). Only when MAPS_TIME_ZONE_URL is configured (none
 * by default); the page is told whether it answered, never the address or the key. The entry is
 * editable in the portal, so the call goes through the guarded client (decision 0061).
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
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { configured: true, answered: false, detail: "The configured address is not an http or https URL." };
  const outcome = await guardedRequest({ url: url.href, method: "GET", timeoutMs: TIMEOUT_MS });
  switch (outcome.kind) {
    case "answered":
    case "unreadable":
      return { configured: true, answered: outcome.status >= 200 && outcome.status <= 299, detail: `HTTP ${outcome.status}` };
    case "refused":
      log.warn("The maps time-zone URL is not an allowed address", { host: outcome.host });
      return { configured: true, answered: false, detail: "The configured address is not allowed (a loopback, private or link-local address)." };
    case "timeout":
    case "unreachable":
      log.warn("The maps time-zone URL did not answer", { host: url.host, timedOut: outcome.kind === "timeout" });
      return {
        configured: true,
        answered: false,
        detail: outcome.kind === "timeout" ? `No answer within ${TIMEOUT_MS / 1000} seconds.` : "The address could not be reached.",
      };
  }
}
