import type { AddressInfo } from "node:net";
import { DEMO_ACCOUNTS } from "./auth/demo-access";
import type { AppConfig } from "./config.server";
import type { Logger } from "./lib/logger.server";

export function listeningUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** The demo accounts as a person reads them at a terminal: who to sign in as, and with what. */
export function demoAccountsBlock(openAt: string, password: string): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.login.length));
  const lines = [
    "",
    `  The portal is ready: open ${openAt}`,
    "",
    `  Demo accounts (password: ${password}):`,
    ...DEMO_ACCOUNTS.map((account) => `    ${account.login.padEnd(width)}  ${account.roles.join(", ")}`),
    "",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Where to point a browser (the public origin sign-in belongs to, which may differ from the
 * address the socket listens on), and who to sign in as with the built-in identity provider. The
 * password is shown only while it is the public default. At a terminal the accounts are printed
 * once, as a short plain block after the log lines; piped output has them as log lines instead.
 */
export function announceListening(
  config: AppConfig,
  address: AddressInfo,
  publicOrigin: string,
  logger: Logger,
  terminal: NodeJS.WriteStream | undefined = process.stdout.isTTY ? process.stdout : undefined,
): void {
  const url = listeningUrl(address);
  logger.info(`Listening on ${url}; open ${publicOrigin}`, {
    url,
    open: publicOrigin,
    host: address.address,
    port: address.port,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(address.address === "0.0.0.0" || address.address === "::" ? { note: "listening on every network interface" } : {}),
  });
  if (config.oidc) {
    terminal?.write(`\n  The portal is ready: open ${publicOrigin}\n\n`);
    return;
  }
  const password = config.demoPasswordIsDefault ? config.demoPassword : "$DEMO_PASSWORD";
  if (terminal) {
    terminal.write(demoAccountsBlock(publicOrigin, password));
    return;
  }
  for (const account of DEMO_ACCOUNTS) {
    logger.info(`Demo account: ${account.login} (${account.roles.join(", ")}), password: ${password}`);
  }
}
