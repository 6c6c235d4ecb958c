import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import { SCAN_TYPES, type ScanType } from "~/modules/transactions/vocabulary";
import { beforeHistory, randomFor, type SeedContext } from "../context";
import { IndexedCanvas, type Rgb } from "../files/png";
import type { Random } from "../random";
import { BILLING_RULES, CCC_PROCEDURES, camelCaseLabel, SCAN_PERFORM_TYPES, SCAN_TYPE_RELATIONS } from "../reference/catalog";
import { US_STATES } from "../reference/places";
import { VEHICLE_MAKES } from "../reference/vehicles";

/** A provider as the rest of the generator needs it. */
export interface ProviderProfile {
  providerId: number;
  name: string;
  code: string;
  type: string;
  version: string;
  isActive: boolean;
  scanTypes: readonly ScanType[];
  makeCodes: readonly string[];
  /** Relative share of scan requests. */
  requestWeight: number;
  /** Relative share of shop registrations. */
  reach: number;
  routingHost: string;
}

interface ProviderDefinition {
  id: number;
  name: string;
  code: string;
  type: string;
  version?: string;
  active?: boolean;
  scanTypes?: readonly ScanType[];
  makes?: readonly string[];
  requestWeight: number;
  reach: number;
  /**
   * False: no SHOP_REGISTRATION routing, so Resend of its shops' registrations reaches the built-in
   * provider sandbox and succeeds in the demo; the others' routings name hosts that do not exist
   * (decision 0044).
   */
  shopRegistrationRouting?: false;
}

const DIAGNOSTIC_TYPES: readonly ScanType[] = ["Scan", "Calibration", "Programming", "Adas"];
const CALIBRATION_TYPES: readonly ScanType[] = ["Calibration", "Adas", "Sublet"];

/**
 * About twenty providers on version 2.0, the OEM programme with code AHMC (excluded from the
 * grids' provider lists) and one provider still on version 1.0.
 */
const PROVIDER_DEFINITIONS: readonly ProviderDefinition[] = [
  {
    id: DEMO_PROVIDER_ID,
    name: "Keystone Remote Diagnostics",
    code: "KRD",
    type: "Remote Diagnostics",
    requestWeight: 22,
    reach: 45,
    shopRegistrationRouting: false,
  },
  { id: 1002, name: "Precision ADAS Labs", code: "PAL", type: "ADAS Calibration", scanTypes: CALIBRATION_TYPES, requestWeight: 8, reach: 20 },
  { id: 1003, name: "Midwest Scan Services", code: "MSS", type: "Remote Diagnostics", requestWeight: 7, reach: 18 },
  { id: 1004, name: "Coastline Diagnostics", code: "CLD", type: "Remote Diagnostics", requestWeight: 6, reach: 16 },
  { id: 1005, name: "Summit Vehicle Electronics", code: "SVE", type: "Remote Diagnostics", scanTypes: DIAGNOSTIC_TYPES, requestWeight: 6, reach: 15 },
  { id: 1006, name: "TruCal ADAS Solutions", code: "TCA", type: "ADAS Calibration", scanTypes: CALIBRATION_TYPES, requestWeight: 5, reach: 12 },
  { id: 1007, name: "Redline Remote Scan", code: "RRS", type: "Remote Diagnostics", requestWeight: 5, reach: 12 },
  { id: 1008, name: "Northstar Diagnostics", code: "NSD", type: "Remote Diagnostics", requestWeight: 4, reach: 10 },
  { id: 1009, name: "Allied Collision Electronics", code: "ACE", type: "Mobile Diagnostics", requestWeight: 4, reach: 10 },
  { id: 1010, name: "Velocity Scan Network", code: "VSN", type: "Remote Diagnostics", requestWeight: 4, reach: 9 },
  { id: 1011, name: "Ironwood Programming Services", code: "IPS", type: "Module Programming", scanTypes: ["Programming", "Scan"], requestWeight: 3, reach: 8 },
  { id: 1012, name: "Blue Ridge Diagnostics", code: "BRD", type: "Remote Diagnostics", requestWeight: 3, reach: 8 },
  { id: 1013, name: "Clearpath Calibration", code: "CPC", type: "ADAS Calibration", scanTypes: CALIBRATION_TYPES, requestWeight: 3, reach: 7 },
  { id: 1014, name: "Lakeshore Auto Diagnostics", code: "LAD", type: "Remote Diagnostics", requestWeight: 3, reach: 7 },
  { id: 1015, name: "Metro Mobile Diagnostics", code: "MMD", type: "Mobile Diagnostics", scanTypes: DIAGNOSTIC_TYPES, requestWeight: 2, reach: 6 },
  { id: 1016, name: "Pinnacle OEM Scan", code: "POS", type: "OEM Scan Tool", requestWeight: 2, reach: 6 },
  { id: 1017, name: "Granite State Diagnostics", code: "GSD", type: "Remote Diagnostics", requestWeight: 2, reach: 5 },
  { id: 1018, name: "Desert Sun Diagnostics", code: "DSD", type: "Remote Diagnostics", requestWeight: 2, reach: 5 },
  { id: 1019, name: "Evergreen Vehicle Systems", code: "EVS", type: "Mobile Diagnostics", requestWeight: 2, reach: 4 },
  { id: 1020, name: "Gulf Coast Scan Pros", code: "GCS", type: "Remote Diagnostics", active: false, requestWeight: 1, reach: 3 },
  { id: 1021, name: "Honda OEM Diagnostic Program", code: "AHMC", type: "OEM", makes: ["HONDA", "ACURA"], requestWeight: 2, reach: 6 },
  { id: 1022, name: "Legacy Diagnostic Gateway", code: "LDG", type: "Remote Diagnostics", version: "1.0", scanTypes: ["Scan"], requestWeight: 1, reach: 3 },
];

const LOGO_COLOURS: readonly (readonly [Rgb, Rgb])[] = [
  [
    [16, 64, 128],
    [255, 255, 255],
  ],
  [
    [170, 32, 40],
    [255, 255, 255],
  ],
  [
    [20, 110, 70],
    [255, 255, 255],
  ],
  [
    [240, 170, 30],
    [30, 30, 30],
  ],
  [
    [60, 60, 70],
    [120, 220, 255],
  ],
];

function drawLogo(code: string, index: number): Buffer {
  const [background, foreground] = LOGO_COLOURS[index % LOGO_COLOURS.length];
  const canvas = new IndexedCanvas(160, 64, background);
  canvas.fillRect(0, 52, 160, 12, foreground);
  canvas.centredText(code, 12, 4, foreground);
  return canvas.toPng();
}

function registrationConfig(random: Random): string {
  return JSON.stringify({
    requiresProviderCustomerId: random.chance(0.6),
    autoApprove: random.chance(0.4),
    requiredFields: random.sample(["licenseKey", "shopName", "address", "zipCode", "primaryEmail"], random.int(2, 4)),
    notifyEmail: random.chance(0.5),
  });
}

function billingParamValues(random: Random, ruleIndex: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (const label of BILLING_RULES[ruleIndex].paramLabels) {
    // Parameters whose name contains 'number' are counts; the others are amounts with two decimals.
    values[camelCaseLabel(label)] = /number/i.test(label) ? String(random.int(1, 5)) : (random.int(2500, 12500) / 100).toFixed(2);
  }
  return values;
}

export function seedProviders(context: SeedContext): ProviderProfile[] {
  const profiles: ProviderProfile[] = [];
  let routingId = 1;
  PROVIDER_DEFINITIONS.forEach((definition, index) => {
    const random = randomFor(context, "provider", definition.id);
    const state = random.pick(US_STATES);
    const city = random.pick(state.cities);
    const makeCodes = definition.makes ?? VEHICLE_MAKES.filter(() => random.chance(0.85)).map((make) => make.code);
    const scanTypes = definition.scanTypes ?? SCAN_TYPES;
    const host = `api.${definition.code.toLowerCase()}.example.com`;
    const ruleIndex = index % BILLING_RULES.length;
    const created = beforeHistory(context, random);
    const hasLogo = index % 3 !== 2;
    const logoKey = hasLogo ? `logos/providers/${definition.id}.png` : null;
    if (logoKey) context.files.write(logoKey, drawLogo(definition.code, index));
    const phone = `${city.areaCode}${random.digits(7)}`;

    context.sink.add("providers", {
      providerId: definition.id,
      providerName: definition.name,
      providerType: definition.type,
      providerCd: definition.code,
      version: definition.version ?? "2.0",
      notes:
        definition.version === "1.0"
          ? "Still on the 1.0 message format; migration to 2.0 planned."
          : random.chance(0.3)
            ? "Contract renewed for the current year."
            : null,
      isActive: definition.active === false ? 0 : 1,
      vehicleMakes: JSON.stringify(makeCodes),
      // Stored as the ALL_PROVIDER_SCAN_TYPES codes the provider screen offers.
      scanTypes: JSON.stringify([...new Set(scanTypes.flatMap((type) => SCAN_TYPE_RELATIONS[type]))]),
      scanPerformTypes: JSON.stringify(
        random.sample(
          SCAN_PERFORM_TYPES.map((t) => t.code),
          random.int(1, 3),
        ),
      ),
      nonBillableProcedures: JSON.stringify(
        random.sample(
          CCC_PROCEDURES.map((p) => p.code),
          random.int(0, 3),
        ),
      ),
      productCodes: JSON.stringify([`${definition.code}-DIAG`, `${definition.code}-CAL`].slice(0, random.int(1, 2))),
      address: `${random.int(100, 9899)} ${random.pick(["Commerce Dr", "Technology Way", "Enterprise Blvd", "Innovation Pkwy"])}`,
      city: city.name,
      state: state.code,
      zip: `${city.zipPrefix}${random.digits(2)}`,
      country: "USA",
      phone,
      fax: random.chance(0.5) ? `${city.areaCode}${random.digits(7)}` : null,
      vinBillingIntervalDays: random.pick([30, 60, 90, 180, 365]),
      registrationConfig: registrationConfig(random),
      billingRuleId: BILLING_RULES[ruleIndex].ruleId,
      billingRuleDesc: BILLING_RULES[ruleIndex].ruleDesc,
      billingRuleParamValues: JSON.stringify(billingParamValues(random, ruleIndex)),
      logoStorageKey: logoKey,
      logoContentType: logoKey ? "image/png" : null,
      createdBy: "DIP_ADMIN",
      updatedBy: random.chance(0.5) ? "admin" : "DIP_ADMIN",
      createdDateTime: context.timeline.iso(created),
      updatedDateTime: context.timeline.iso(created + random.int(30, 800) * 86_400_000),
      rowVersion: 1,
    });

    const routings = [
      ["SCAN_REQUEST", "/v2/scan-requests", "ScanRequestV2Translator", "ScanResponseV2Translator"],
      ["SHOP_REGISTRATION", "/v2/shops", "ShopRegistrationTranslator", "ShopRegistrationResponseTranslator"],
      ["CANCEL_REQUEST", "/v2/scan-requests/cancel", null, null],
    ] as const;
    for (const [name, urlPath, requestTranslator, responseTranslator] of routings.slice(0, random.int(2, 3))) {
      if (name === "SHOP_REGISTRATION" && definition.shopRegistrationRouting === false) continue;
      context.sink.add("providerRoutings", {
        routingId: routingId++,
        providerId: definition.id,
        routingName: name,
        routingUrl: `https://${host}${urlPath}`,
        routingTimeout: random.pick([30, 45, 60, 120]),
        requestTranslator,
        responseTranslator,
      });
    }

    profiles.push({
      providerId: definition.id,
      name: definition.name,
      code: definition.code,
      type: definition.type,
      version: definition.version ?? "2.0",
      isActive: definition.active !== false,
      scanTypes,
      makeCodes,
      requestWeight: definition.requestWeight,
      reach: definition.reach,
      routingHost: host,
    });
  });
  return profiles;
}
