import { beforeHistory, randomFor, type SeedContext } from "../context";
import type { Random } from "../random";
import { FIRST_NAMES, LAST_NAMES, MULTI_SHOP_OPERATORS, SHOP_ADJECTIVES, SHOP_NAME_PATTERNS, slug } from "../reference/people";
import { STREET_NAMES, SUITE_PREFIXES, US_STATES, type City, type UsState } from "../reference/places";

export const SHOP_COUNT = 800;
/** About 2% of shops are the operator's own test shops (is_internal 'Y'). */
export const INTERNAL_SHOP_COUNT = 16;
const FIRST_SHOP_ID = 104_001;
/** Jitter around the city centre, in degrees (about 4 km): small enough to stay in the state. */
const LOCATION_JITTER = 0.04;

export interface ShopProfile {
  shopId: number;
  name: string;
  licenseNum: string | null;
  address: string;
  city: string;
  stateCd: string;
  zip: string;
  isInternal: boolean;
  msoName: string | null;
  taxRate: number;
  /** Relative volume of scan requests (a few busy shops, many small ones). */
  activity: number;
  repairOrderStyle: 0 | 1 | 2;
  /** Logins of the shop's technicians (the "shop user" of a scan). */
  technicians: readonly string[];
  /** The client application installed at the shop. */
  appId: string;
}

function weightedState(random: Random): UsState {
  return random.weighted(US_STATES.map((state) => [state, state.weight] as const));
}

function shopName(random: Random, city: City, index: number): { name: string; msoName: string | null } {
  if (random.chance(0.25)) {
    const operator = MULTI_SHOP_OPERATORS[index % MULTI_SHOP_OPERATORS.length];
    return { name: `${operator.brand} ${city.name}`, msoName: operator.name };
  }
  const name = random
    .pick(SHOP_NAME_PATTERNS)
    .replace("{city}", city.name)
    .replace("{last}", random.pick(LAST_NAMES))
    .replace("{adj}", random.pick(SHOP_ADJECTIVES));
  return { name, msoName: null };
}

function technicianLogins(random: Random, shopId: number): string[] {
  const count = random.int(1, 3);
  const logins: string[] = [];
  for (let i = 0; i < count; i++) {
    logins.push(`${shopId}.${random.pick(FIRST_NAMES)[0].toLowerCase()}${random.pick(LAST_NAMES).toLowerCase()}`);
  }
  return logins;
}

/** Shops, as the shop search index holds them. Their application ids are assigned by the caller. */
export function seedShops(context: SeedContext, applicationIdFor: (shopIndex: number) => string): ShopProfile[] {
  const shops: ShopProfile[] = [];
  const usedNames = new Set<string>();
  for (let index = 0; index < SHOP_COUNT; index++) {
    const random = randomFor(context, "shop", index);
    const shopId = FIRST_SHOP_ID + index;
    const internalEvery = SHOP_COUNT / INTERNAL_SHOP_COUNT;
    const isInternal = index % internalEvery === 7;
    const state = weightedState(random);
    const city = random.pick(state.cities);
    let { name, msoName } = shopName(random, city, index);
    if (isInternal) {
      name = `DIP QA Test Shop ${String(Math.floor(index / internalEvery) + 1).padStart(2, "0")}`;
      msoName = null;
    }
    for (let branch = 2; usedNames.has(name); branch++) name = `${name.replace(/ #\d+$/, "")} #${branch}`;
    usedNames.add(name);

    const licenseNum = random.chance(0.05) ? null : String(random.int(1, 999_999)).padStart(6, "0");
    const address = `${random.int(10, 19_999)} ${random.pick(STREET_NAMES)}`;
    const zip = `${city.zipPrefix}${random.digits(2)}`;
    const domain = `${slug(name)}.example.com`;
    const created = beforeHistory(context, random, 1500);
    const updated = created + random.int(0, 400) * 86_400_000;
    // A long tail: most shops scan a few vehicles a month, some scan many.
    const activity = isInternal ? 0.3 : Math.round((0.2 + 6 * random.next() ** 3) * 100) / 100;

    context.sink.add("shops", {
      repairFacilityId: shopId,
      masterLocationId: `ML${String(3_100_000 + index * 7).padStart(8, "0")}`,
      licenseNum,
      printName: name.toUpperCase(),
      custName: name,
      primaryEmail: `${random.pick(["info", "office", "estimates", "service"])}@${domain}`,
      tlcmAreaCd: city.areaCode,
      tlcmNum: `${random.int(200, 999)}${random.digits(4)}`,
      webAddress: random.chance(0.7) ? `https://www.${domain}` : null,
      addrLine1: address,
      addrLine2: random.chance(0.2) ? `${random.pick(SUITE_PREFIXES)} ${random.int(1, 40)}` : null,
      city: city.name,
      stateCd: state.code,
      state: state.name,
      zip,
      zipExtn: random.chance(0.4) ? random.digits(4) : null,
      countryCd: "USA",
      latitude: Math.round((city.latitude + random.float(-LOCATION_JITTER, LOCATION_JITTER)) * 1e6) / 1e6,
      longitude: Math.round((city.longitude + random.float(-LOCATION_JITTER, LOCATION_JITTER)) * 1e6) / 1e6,
      isInternal: isInternal ? "Y" : "N",
      tags: JSON.stringify(isInternal ? ["test-shop"] : random.sample(["collision", "oem-certified", "adas-ready", "aluminum", "fleet"], random.int(1, 3))),
      docVersion: random.int(1, 4),
      docTimestamp: context.timeline.iso(updated),
      createdUser: "DIP_ADMIN",
      updatedUser: "DIP_ADMIN",
      createdDatetime: context.timeline.iso(created),
      updatedDatetime: context.timeline.iso(updated),
    });

    shops.push({
      shopId,
      name,
      licenseNum,
      address,
      city: city.name,
      stateCd: state.code,
      zip,
      isInternal,
      msoName,
      taxRate: state.taxRate,
      activity,
      repairOrderStyle: random.pick([0, 1, 2] as const),
      technicians: technicianLogins(random, shopId),
      appId: applicationIdFor(index),
    });
  }
  return shops;
}
