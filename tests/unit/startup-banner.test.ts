import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "~/auth/demo-access";
import { loadConfig } from "~/config.server";
import type { Logger } from "~/lib/logger.server";
import { announceListening } from "~/startup-banner.server";

/** What a person at a terminal reads once the portal listens, beside the JSON log lines. */
function announce(env: Record<string, string>) {
  const lines: string[] = [];
  const logger = { info: (msg: string) => lines.push(msg), warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;
  let printed = "";
  const terminal = { write: (text: string) => (printed += text) } as unknown as NodeJS.WriteStream;
  const address: AddressInfo = { address: "127.0.0.1", family: "IPv4", port: 3400 };
  announceListening(loadConfig({ DATA_DIR: "/tmp/portal-banner", ...env }), address, "http://localhost:3400", logger, terminal);
  return { lines, printed };
}

describe("the start-up banner", () => {
  it("names the address to open and the demo accounts as a plain block", () => {
    const { lines, printed } = announce({});
    expect(lines[0]).toBe("Listening on http://127.0.0.1:3400; open http://localhost:3400");
    expect(printed).toContain("The portal is ready: open http://localhost:3400");
    expect(printed).toContain("Demo accounts (password: demo-portal):");
    expect(DEMO_ACCOUNTS.length).toBeGreaterThan(0);
    for (const account of DEMO_ACCOUNTS) expect(printed).toMatch(new RegExp(`^ {4}${account.login} +${account.roles.join(", ")}$`, "m"));
    expect(printed).not.toContain("{");
    // The block says it once: no log line repeats the accounts at a terminal.
    expect(lines.filter((line) => line.startsWith("Demo account"))).toEqual([]);
  });

  it("never prints a password that is not the public default", () => {
    const { printed } = announce({ DEMO_PASSWORD: "a-secret-of-our-own" });
    expect(printed).toContain("Demo accounts (password: $DEMO_PASSWORD):");
    expect(printed).not.toContain("a-secret-of-our-own");
  });
});
