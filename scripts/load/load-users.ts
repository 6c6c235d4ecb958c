import { hash } from "@node-rs/argon2";
import { CCC_ORGANISATION_ID, DEMO_PROVIDER_ID, type PortalRole } from "../../app/auth/demo-access";
import type { PortalDatabase } from "../../app/db/connect.server";

/**
 * The load's users: directory users written the way the seed writes the demo accounts (a row in
 * `users` with roles, company and an argon2 password hash), one per connection, plus one more for
 * the cross-instance checks. They sign in through the real flow with a password made for the run.
 */

export type LoadProfileId = "power" | "provider" | "admin" | "portal";

export interface LoadProfile {
  id: LoadProfileId;
  label: string;
  roles: readonly PortalRole[];
  companyId: number | null;
}

export const LOAD_PROFILES: Record<LoadProfileId, LoadProfile> = {
  power: { id: "power", label: "product staff (DIP_POWER)", roles: ["DIP_PORTAL", "DIP_POWER"], companyId: null },
  provider: { id: "provider", label: "provider staff, provider-only (DIP_PROVIDER)", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: DEMO_PROVIDER_ID },
  admin: { id: "admin", label: "administrators (DIP_ADMIN)", roles: ["DIP_PORTAL", "DIP_ADMIN"], companyId: null },
  portal: { id: "portal", label: "portal users without a data role (DIP_PORTAL)", roles: ["DIP_PORTAL"], companyId: null },
};

/** Who the connections are, in turn: of every ten users four product staff, four provider staff, an administrator and a portal user. */
const ROTATION: readonly LoadProfileId[] = ["power", "provider", "admin", "portal", "power", "provider", "power", "provider", "power", "provider"];

export interface LoadUser {
  id: string;
  login: string;
  profile: LoadProfile;
}

function loadUser(login: string, profile: LoadProfile, index: number): LoadUser {
  // Directory ids look like the identity provider's: "00u" and 17 letters and digits.
  return { id: `00uload${String(index).padStart(13, "0")}`, login, profile };
}

export function loadUsers(connections: number): LoadUser[] {
  return Array.from({ length: connections }, (_, index) => {
    const profile = LOAD_PROFILES[ROTATION[index % ROTATION.length]];
    return loadUser(`load-${profile.id}-${String(index + 1).padStart(3, "0")}`, profile, index + 1);
  });
}

/** The user of the cross-instance checks (product staff: may resend and save settings). */
export const CHECKER = loadUser("load-checker", LOAD_PROFILES.power, 0);

/** Writes the users into the directory, all with one password hash (argon2id, as the seed hashes). */
export async function addLoadUsers(
  database: PortalDatabase,
  users: readonly LoadUser[],
  password: string,
  now = new Date(),
  options: { replace?: boolean } = {},
): Promise<void> {
  const passwordHash = await hash(password);
  const at = now.toISOString();
  const rows = users.map((user) => {
    const organisation = user.profile.companyId ?? CCC_ORGANISATION_ID;
    return {
      id: user.id,
      login: user.login,
      firstName: "Load",
      lastName: user.login,
      email: `${user.login}@load.portal.example`,
      ldapdn: `uid=${user.login},ou=people,o=${organisation},dc=dip,dc=example`,
      dloedrprole: JSON.stringify(user.profile.roles),
      status: "ACTIVE",
      companyId: user.profile.companyId,
      passwordHash,
      created: at,
      lastUpdated: at,
    };
  });
  for (let start = 0; start < rows.length; start += 100) {
    await database.db
      .insertInto("users")
      .values(rows.slice(start, start + 100))
      // A reused database keeps the load users of a run before: they are written again, with this run's password.
      .$if(options.replace === true, (insert) =>
        insert.onConflict((conflict) =>
          conflict.column("id").doUpdateSet((eb) => ({
            login: eb.ref("excluded.login"),
            dloedrprole: eb.ref("excluded.dloedrprole"),
            companyId: eb.ref("excluded.companyId"),
            passwordHash: eb.ref("excluded.passwordHash"),
            status: eb.ref("excluded.status"),
            lastUpdated: eb.ref("excluded.lastUpdated"),
          })),
        ),
      )
      .execute();
  }
}
