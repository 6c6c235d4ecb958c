import { hash } from "@node-rs/argon2";
import { CCC_ORGANISATION_ID, DEMO_ACCOUNTS, type PortalRole } from "~/auth/demo-access";
import { beforeHistory, randomFor, type SeedContext } from "../context";
import type { Random } from "../random";
import { FIRST_NAMES, LAST_NAMES } from "../reference/people";
import { DAY_MS } from "../timeline";
import type { ProviderProfile } from "./providers";

const PROVIDER_STAFF = 45;
const PRODUCT_STAFF = 45;
/** Provider field technicians: in the directory, without portal roles. */
const FIELD_TECHNICIANS = 60;

const OTHER_STATUSES = ["PROVISIONED", "SUSPENDED", "DEPROVISIONED", "LOCKED_OUT", "PASSWORD_EXPIRED"] as const;
const OKTA_ID_CHARS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"];

/** Identity-provider style user ids: "00u" and 17 letters and digits. */
function directoryId(random: Random): string {
  let id = "00u";
  for (let i = 0; i < 17; i++) id += random.pick(OKTA_ID_CHARS);
  return id;
}

function productStaffRoles(random: Random): PortalRole[] {
  return random.weighted<PortalRole[]>([
    [["DIP_PORTAL", "DIP_POWER"], 14],
    [["DIP_PORTAL", "DIP_ADMIN"], 7],
    [["DIP_PORTAL", "CCC_Admin"], 4],
    [["DIP_PORTAL", "DIP_POWER", "CCC_Admin"], 3],
    [["DIP_PORTAL"], 12],
  ]);
}

interface DirectoryPerson {
  login: string;
  companyId: number | null;
  organisation: number;
  roles: readonly string[];
}

export interface SeededUsers {
  /** Logins of portal users (for feedback records and audit-like fields). */
  portalLogins: string[];
  /** Logins of the active portal users other than the demo accounts (users of client applications). */
  staffLogins: string[];
}

/** ~150 directory users plus the four demo accounts; only the demo accounts get a password. */
export async function seedUsers(context: SeedContext, providers: readonly ProviderProfile[], demoPassword: string): Promise<SeededUsers> {
  const portalProviders = providers.filter((provider) => provider.version === "2.0");
  const usedLogins = new Set<string>(DEMO_ACCOUNTS.map((account) => account.login));
  const portalLogins: string[] = [];
  const people: DirectoryPerson[] = [];
  const random = randomFor(context, "users");

  const uniqueLogin = (first: string, last: string, domain: string) => {
    let login = `${first}.${last}@${domain}`.toLowerCase();
    for (let n = 2; usedLogins.has(login); n++) login = `${first}.${last}${n}@${domain}`.toLowerCase();
    usedLogins.add(login);
    return login;
  };

  for (let i = 0; i < PROVIDER_STAFF + PRODUCT_STAFF + FIELD_TECHNICIANS; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    if (i < PROVIDER_STAFF || i >= PROVIDER_STAFF + PRODUCT_STAFF) {
      // The demo provider gets the most staff, as it has the most transactions.
      const provider = i % 5 === 0 ? portalProviders[0] : random.pick(portalProviders);
      const roles = i < PROVIDER_STAFF ? ["DIP_PORTAL", "DIP_PROVIDER"] : [];
      people.push({
        login: uniqueLogin(first, last, `${provider.code.toLowerCase()}.example.com`),
        companyId: provider.providerId,
        organisation: provider.providerId,
        roles,
      });
    } else {
      people.push({
        login: uniqueLogin(first, last, "ccc-dip.example.com"),
        companyId: null,
        organisation: CCC_ORGANISATION_ID,
        roles: productStaffRoles(random),
      });
    }
  }

  for (const person of people) {
    const [localPart] = person.login.split("@");
    const [first, last] = localPart.split(".");
    const created = beforeHistory(context, random, 1100);
    const status = random.chance(0.85) ? "ACTIVE" : random.pick(OTHER_STATUSES);
    if (status === "ACTIVE" && person.roles[0] === "DIP_PORTAL") portalLogins.push(person.login);
    context.sink.add("users", {
      id: directoryId(random),
      login: person.login,
      firstName: first[0].toUpperCase() + first.slice(1),
      lastName: last[0].toUpperCase() + last.slice(1).replace(/\d+$/, ""),
      email: person.login,
      ldapdn: `uid=${localPart},ou=people,o=${person.organisation},dc=dip,dc=example`,
      dloedrprole: JSON.stringify(person.roles),
      status,
      companyId: person.companyId,
      passwordHash: null,
      created: context.timeline.iso(created),
      lastUpdated: context.timeline.iso(Math.min(created + random.int(1, 900) * DAY_MS, context.timeline.endMs - DAY_MS)),
    });
  }

  const staffLogins = [...portalLogins];
  // argon2id with a random salt: the hash differs per seed and is left out of determinism checks.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hash(demoPassword)));
  DEMO_ACCOUNTS.forEach((account, i) => {
    const organisation = account.companyId ?? CCC_ORGANISATION_ID;
    context.sink.add("users", {
      id: account.id,
      login: account.login,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      ldapdn: `uid=${account.login},ou=people,o=${organisation},dc=dip,dc=example`,
      dloedrprole: JSON.stringify(account.roles),
      status: "ACTIVE",
      companyId: account.companyId,
      passwordHash: hashes[i],
      created: context.timeline.iso(context.timeline.startMs - 30 * DAY_MS),
      lastUpdated: context.timeline.iso(context.timeline.startMs - 30 * DAY_MS),
    });
    portalLogins.push(account.login);
  });
  return { portalLogins, staffLogins };
}
