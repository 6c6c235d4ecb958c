import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { ProviderRegistrationStatus } from "~/db/types";
import { beforeHistory, randomFor, type SeedContext } from "../context";
import type { Random } from "../random";
import { DAY_MS } from "../timeline";
import type { ProviderProfile } from "./providers";
import type { ShopProfile } from "./shops";

export interface RegistrationProfile {
  id: number;
  provider: ProviderProfile;
  shop: ShopProfile;
  isActive: boolean;
  providerStatus: ProviderRegistrationStatus;
  createdMs: number;
  /** When the shop was deregistered from the provider; null while registered. */
  deregisteredMs: number | null;
  deviceSerials: readonly string[];
}

/** The shops registered with one provider, with cumulative request weights for picking one. */
export interface ProviderShops {
  provider: ProviderProfile;
  registrations: RegistrationProfile[];
  cumulativeWeights: Float64Array;
}

const DEVICE_TYPES = ["VCI", "Tablet", "Dongle", "Laptop"] as const;
const RECENT_REGISTRATION_EVERY = 9;
const RECENT_REGISTRATION_DAYS = 150;

function chooseProviders(random: Random, providers: readonly ProviderProfile[], shop: ShopProfile, shopIndex: number): ProviderProfile[] {
  const count = random.weighted([
    [1, 45],
    [2, 35],
    [3, 20],
  ] as const);
  const chosen = new Set<ProviderProfile>();
  // The first shops guarantee every provider at least one registered shop.
  if (shopIndex < providers.length) chosen.add(providers[shopIndex]);
  // Test shops are registered with the demo provider, so its users see grayed test rows.
  if (shop.isInternal) chosen.add(providers.find((p) => p.providerId === DEMO_PROVIDER_ID) ?? providers[0]);
  const byReach = providers.map((provider) => [provider, provider.reach] as const);
  while (chosen.size < count) chosen.add(random.weighted(byReach));
  return [...chosen];
}

function providerStatus(random: Random): ProviderRegistrationStatus {
  return random.weighted([
    ["Success", 80],
    ["Pending", 12],
    ["Failed", 8],
  ] as const);
}

/** Shop registrations with providers and the devices registered for them. */
export function seedRegistrations(context: SeedContext, providers: readonly ProviderProfile[], shops: readonly ShopProfile[]): Map<number, ProviderShops> {
  const byProvider = new Map<number, ProviderShops>();
  for (const provider of providers) byProvider.set(provider.providerId, { provider, registrations: [], cumulativeWeights: new Float64Array(0) });
  let registrationId = 1;
  let deviceId = 1;
  const { startMs, endMs } = context.timeline;

  /** Registers the shop with the provider at `createdMs`; one registered during the history stays registered. */
  const register = (random: Random, shop: ShopProfile, provider: ProviderProfile, createdMs: number): void => {
    const isActive = createdMs >= startMs || !random.chance(0.1);
    const deregisteredMs = isActive ? null : random.int(startMs + 60 * DAY_MS, endMs - DAY_MS);
    const lastModifiedMs = deregisteredMs ?? (random.chance(0.3) ? Math.max(createdMs, random.int(startMs, endMs - DAY_MS)) : createdMs);
    const status = providerStatus(random);
    const technician = random.pick(shop.technicians);

    const serials: string[] = [];
    for (let d = random.int(1, 2); d > 0; d--) {
      const serialNo = `${provider.code}-${random.alphanumeric(8)}`;
      serials.push(serialNo);
      const deviceCreated = createdMs + random.int(0, 30) * DAY_MS;
      context.sink.add("deviceRegistrations", {
        registrationId: deviceId++,
        providerId: provider.providerId,
        shopId: shop.shopId,
        serialNo,
        nickname: random.chance(0.8) ? `${random.pick(["Bay", "Stall", "Booth"])} ${random.int(1, 12)} ${random.pick(DEVICE_TYPES)}` : null,
        type: random.pick(DEVICE_TYPES),
        isActive: isActive && !random.chance(0.08) ? 1 : 0,
        createdDateTime: context.timeline.iso(deviceCreated),
        createdUserId: technician,
        lastModifiedDateTime: context.timeline.iso(Math.max(deviceCreated, lastModifiedMs)),
        modifiedUserId: random.chance(0.5) ? technician : "DIP_ADMIN",
        rowVersion: 1,
      });
    }

    const registration: RegistrationProfile = {
      id: registrationId++,
      provider,
      shop,
      isActive,
      providerStatus: status,
      createdMs,
      deregisteredMs,
      deviceSerials: serials,
    };
    context.sink.add("shopRegistrations", {
      id: registration.id,
      providerId: provider.providerId,
      providerCustomerId: random.chance(0.85) ? `${provider.code}-${random.digits(6)}` : null,
      licenseKey: shop.licenseNum,
      shopId: shop.shopId,
      shopName: shop.name,
      address: shop.address,
      city: shop.city,
      stateCd: shop.stateCd,
      zipCode: shop.zip,
      createdDateTime: context.timeline.iso(createdMs),
      lastModifiedDateTime: context.timeline.iso(lastModifiedMs),
      isActive: isActive ? 1 : 0,
      diagnosticsProducts: JSON.stringify(provider.scanTypes.map((type) => `${provider.code}_${type.toUpperCase()}`)),
      providerStatus: status,
      rowVersion: 1,
    });
    byProvider.get(provider.providerId)?.registrations.push(registration);
  };

  const providersOfShop = new Map<number, Set<ProviderProfile>>();
  shops.forEach((shop, shopIndex) => {
    const random = randomFor(context, "registration", shop.shopId);
    const chosen = chooseProviders(random, providers, shop, shopIndex);
    providersOfShop.set(shop.shopId, new Set(chosen));
    for (const provider of chosen) register(random, shop, provider, beforeHistory(context, random, 1200));
  });
  // Shops keep joining providers: about one in nine registers with one more provider during the
  // last five months (the Shop Adoption Trend's window), after every earlier registration.
  shops.forEach((shop, shopIndex) => {
    if (shopIndex % RECENT_REGISTRATION_EVERY !== RECENT_REGISTRATION_EVERY - 1 || shop.isInternal) return;
    const random = randomFor(context, "recent-registration", shop.shopId);
    const others = providers.filter((provider) => !providersOfShop.get(shop.shopId)?.has(provider));
    if (others.length === 0) return;
    const provider = random.weighted(others.map((candidate) => [candidate, candidate.reach] as const));
    register(random, shop, provider, Math.max(startMs, endMs - random.int(1, RECENT_REGISTRATION_DAYS) * DAY_MS - random.int(0, 86_399) * 1000));
  });

  for (const entry of byProvider.values()) {
    entry.cumulativeWeights = new Float64Array(entry.registrations.length);
    let total = 0;
    entry.registrations.forEach((registration, i) => {
      // A registration made during the history has not scanned yet: no request picks it.
      if (registration.createdMs >= startMs) {
        entry.cumulativeWeights[i] = total;
        return;
      }
      total += registration.shop.activity * (registration.isActive ? 1 : 0.4);
      entry.cumulativeWeights[i] = total;
    });
  }
  return byProvider;
}

/** A registration of the provider, weighted by shop activity. */
export function pickRegistration(shops: ProviderShops, random: Random): RegistrationProfile {
  const weights = shops.cumulativeWeights;
  const point = random.next() * weights[weights.length - 1];
  let low = 0;
  let high = weights.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (weights[mid] > point) high = mid;
    else low = mid + 1;
  }
  return shops.registrations[low];
}
