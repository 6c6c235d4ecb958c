import type { Kysely } from "kysely";
import type { Database } from "~/db/types";
import { checkCredentials } from "./credentials.server";
import type { DemoAccountsHint } from "./options";

/** How long a finding holds: accounts change rarely, and each check is one password hash per login. */
const RECHECK_AFTER_MS = 60_000;

/**
 * The demo logins the sign-in form may name: those that exist, may sign in and still take the
 * default password. Found at most once a minute and shared by every request meanwhile.
 */
export function demoAccountsHintSource(db: Kysely<Database>, demo: DemoAccountsHint | undefined, now: () => Date): () => Promise<DemoAccountsHint | null> {
  let found: { at: number; hint: Promise<DemoAccountsHint | null> } | undefined;
  return () => {
    if (!demo) return Promise.resolve(null);
    const at = now().getTime();
    if (!found || at - found.at >= RECHECK_AFTER_MS) found = { at, hint: usableDemoLogins(db, demo) };
    return found.hint;
  };
}

async function usableDemoLogins(db: Kysely<Database>, demo: DemoAccountsHint): Promise<DemoAccountsHint | null> {
  const checks = await Promise.all(demo.logins.map(async (login) => ({ login, check: await checkCredentials(db, login, demo.password) })));
  const logins = checks.filter(({ check }) => check.ok).map(({ login }) => login);
  return logins.length > 0 ? { logins, password: demo.password } : null;
}
