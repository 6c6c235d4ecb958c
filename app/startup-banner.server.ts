import type { AddressInfo } from "node:net";
import type { AppConfig } from "./config.server";
import { DEMO_ACCOUNTS } from "./auth/demo-access";
import type { Logger } from "./lib/logger.server";

export function listeningUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Where to point a browser, and who to sign in as with the built-in identity provider. The
 * password is shown only while it is the public default.
 */
export function announceListening(config: AppConfig, address: AddressInfo, logger: Logger): void {
  const url = listeningUrl(address);
  logger.info(`Listening on ${url}`, {
    url,
    host: address.address,
    port: address.port,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(address.address === "0.0.0.0" || address.address === "::" ? { note: "listening on every network interface" } : {}),
  });
  if (config.oidc) return;
  const password = config.demoPasswordIsDefault ? config.demoPassword : "$DEMO_PASSWORD";
  for (const account of DEMO_ACCOUNTS) {
    logger.info(`Demo account: ${account.login} (${account.roles.join(", ")}), password: ${password}`);
  }
}
