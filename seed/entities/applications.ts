import { beforeHistory, randomFor, type SeedContext } from "../context";
import type { Random } from "../random";
import { DAY_MS } from "../timeline";
import type { ShopProfile } from "./shops";

/** The diagnostics client installed at each shop: one application per shop. */
export function applicationId(context: SeedContext, shopIndex: number): string {
  return `DIPAPP-${randomFor(context, "application-id", shopIndex).alphanumeric(10)}`;
}

const PLATFORMS = [
  ["Windows 11 Pro 23H2", 45],
  ["Windows 10 Pro 22H2", 35],
  ["Android 14", 10],
  ["iPadOS 17.5", 10],
] as const;

const THIRD_PARTY_SOFTWARE = [
  ["J2534 PassThru Driver", ["2.1.4", "2.2.0", "3.0.1"]],
  ["Microsoft .NET Runtime", ["6.0.25", "8.0.4", "8.0.8"]],
  ["TeamViewer Host", ["15.44.5", "15.51.5"]],
  ["OEM Flash Utility", ["5.2", "5.4", "6.0"]],
  ["USB VCI Firmware Updater", ["1.9.3", "2.0.0"]],
  ["Microsoft Edge WebView2", ["122.0.2365", "126.0.2592"]],
] as const;

function macAddress(random: Random): string {
  return Array.from({ length: 6 }, () => random.hex(2).toUpperCase()).join(":");
}

/**
 * One client application per shop. About half were checked in by a portal user of the directory
 * (whose roles Applications' bulk assignment can change); the others by a shop technician, who is
 * not in the directory. The demo accounts never are an application's user.
 */
export function seedApplications(context: SeedContext, shops: readonly ShopProfile[], staffLogins: readonly string[]): void {
  let versionId = 1;
  let softwareId = 1;
  const { endMs } = context.timeline;
  shops.forEach((shop, index) => {
    const random = randomFor(context, "application", index);
    const created = beforeHistory(context, random, 700);
    const platform = random.weighted(PLATFORMS);
    const versionCount = random.int(2, 5);
    const step = Math.floor((endMs - DAY_MS - created) / versionCount);
    const versions: { version: string; at: number }[] = [];
    let minor = random.int(0, 3);
    let patch = 0;
    let at = created;
    for (let v = 0; v < versionCount; v++) {
      versions.push({ version: `4.${minor}.${patch}`, at });
      if (random.chance(0.5)) minor++;
      else patch++;
      at += random.int(Math.floor(step / 2), step);
    }
    const lastModified = versions[versions.length - 1].at;

    context.sink.add("applications", {
      id: shop.appId,
      userId: staffLogins.length > 0 && random.chance(0.5) ? random.pick(staffLogins) : random.pick(shop.technicians),
      machineName: `${shop.shopId}-${random.pick(["FRONT", "BAY", "SHOP", "ESTIMATE"])}${random.int(1, 9)}`,
      macAddresses: JSON.stringify(Array.from({ length: random.int(1, 2) }, () => macAddress(random))),
      platform,
      createdDateTime: context.timeline.iso(created),
      lastModifiedDateTime: context.timeline.iso(lastModified),
    });
    for (const { version, at: versionAt } of versions) {
      context.sink.add("applicationVersions", {
        id: versionId++,
        applicationId: shop.appId,
        version,
        createdByUser: random.pick(shop.technicians),
        createdDateTime: context.timeline.iso(versionAt),
      });
    }
    const daysInstalled = Math.max(0, Math.floor((lastModified - created) / DAY_MS));
    for (const [name, choices] of random.sample(THIRD_PARTY_SOFTWARE, random.int(1, 4))) {
      context.sink.add("applicationThirdPartySoftware", {
        id: softwareId++,
        applicationId: shop.appId,
        name,
        version: random.pick(choices),
        createdDateTime: context.timeline.iso(created + random.int(0, daysInstalled) * DAY_MS),
      });
    }
  });
}
