import {
  CLIENT_TYPES,
  INVOICE_STATUSES,
  PROCESS_STATUSES,
  SCAN_PHASES,
  SCAN_TYPES,
  type ProcessStatus,
  type RequestType,
  type ScanType,
} from "~/modules/transactions/vocabulary";
import type { ProviderProfile } from "../entities/providers";
import { pickRegistration, type RegistrationProfile } from "../entities/registrations";
import type { ShopProfile } from "../entities/shops";
import type { Random } from "../random";
import { PROVIDER_SERVICE_NAMES, SCAN_TYPE_RELATIONS, type ProviderScanTypeCode } from "../reference/catalog";
import type { Timeline } from "../timeline";
import { DAY_MS } from "../timeline";
import { makeVin } from "../vin";
import type { Vehicle, VehicleJobs } from "./vehicle-jobs";
import type { ProviderChoices, RequestWorld } from "./world";

export type ScanPhase = (typeof SCAN_PHASES)[number];
export type ClientType = (typeof CLIENT_TYPES)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Everything decided about one scan request before its rows are written. */
export interface RequestPlan {
  id: number;
  /** Newest requests: full message contents. */
  rich: boolean;
  /** Newest few thousand requests: report and attachment files of their own (not shared ones). */
  ownFiles: boolean;
  /** Position among the newest requests that guarantee every value occurs; null for the others. */
  showcaseSlot: number | null;
  registration: RegistrationProfile;
  provider: ProviderProfile;
  shop: ShopProfile;
  vehicle: Vehicle;
  repairOrderNo: string | null;
  masterId: number | null;
  scanType: ScanType;
  scanPhase: ScanPhase;
  status: ProcessStatus;
  type: RequestType;
  clientType: ClientType;
  isBillable: boolean;
  invoiceStatus: InvoiceStatus | null;
  providerScanType: ProviderScanTypeCode;
  providerServiceName: string;
  serviceUid: string;
  createdMs: number;
  scanStartMs: number | null;
  scanEndMs: number | null;
  resultReceivedMs: number | null;
  responseWaitMs: number | null;
  invoiceMs: number | null;
  lastModifiedMs: number;
  device: string;
  technician: string;
  hasResponse: boolean;
  wantsQuote: boolean;
}

/** The newest requests that cycle through every status, scan type, phase, client and invoice status. */
export const SHOWCASE_SIZE = 120;

const STATUS_WEIGHTS: readonly (readonly [ProcessStatus, number])[] = [
  ["COMPLETED", 74],
  ["COMPLETED (CCCONE Error)", 3],
  ["SUBMITTED", 1.5],
  ["IN PROGRESS", 2.5],
  ["CANCELLED", 5],
  ["FAILED", 3],
  ["FAILED (Request Error)", 2],
  ["FAILED (Rqst. Timeout)", 2],
  ["FAILED (Resp. Timeout)", 2.5],
  ["FAILED (Provider Failure)", 2.5],
  ["FAILED (Validation Error)", 2],
];

/**
 * Minutes a scan of each type takes at the provider. A sublet (an alignment, glass or a mechanical
 * repair done by another shop) is recorded for the visit's work, under two hours like a calibration,
 * not the days the car is away (decision 0070).
 */
const SCAN_MINUTES: Record<ScanType, readonly [number, number]> = {
  Scan: [6, 25],
  Calibration: [30, 120],
  Programming: [20, 90],
  Adas: [10, 40],
  Sublet: [30, 120],
};

/** Statuses for which the provider never started the scan. */
const NOT_STARTED: readonly ProcessStatus[] = ["SUBMITTED", "FAILED (Request Error)", "FAILED (Validation Error)", "FAILED (Rqst. Timeout)"];
const RESPONSE_TIMEOUT_MS = 30 * 60_000;

function repairOrderNumber(random: Random, shop: ShopProfile, createdMs: number): string | null {
  if (random.chance(0.1)) return null;
  switch (shop.repairOrderStyle) {
    case 0:
      return `RO${random.digits(6)}`;
    case 1:
      return String(random.int(10_000, 99_999));
    default:
      return `RO-${new Date(createdMs).getUTCFullYear() % 100}-${random.digits(4)}`;
  }
}

function newVehicle(random: Random, choices: ProviderChoices, anchorYear: number): Vehicle {
  const make = random.weighted(choices.makes);
  const model = random.pick(make.models);
  // Newer vehicles are scanned more (their ADAS needs calibration); model year can be next year.
  const year = Math.min(anchorYear + 1, anchorYear + 1 - Math.floor(13 * random.next() ** 1.6));
  return { vin: makeVin(random, random.pick(make.wmi), year), year, make, model, engine: random.pick(model.engines) };
}

function providerScanType(random: Random, scanType: ScanType, phase: ScanPhase): ProviderScanTypeCode {
  if (scanType === "Scan") return phase === "Pre-Repair" ? "PRE_SCAN" : phase === "Post-Repair" ? "POST_SCAN" : "IN_PROCESS_SCAN";
  return random.pick(SCAN_TYPE_RELATIONS[scanType]);
}

function chooseStatus(random: Random, createdMs: number, timeline: Timeline, slot: number | null): ProcessStatus {
  if (slot !== null && slot < PROCESS_STATUSES.length * 2) return PROCESS_STATUSES[slot % PROCESS_STATUSES.length];
  const status = random.weighted(STATUS_WEIGHTS);
  // Only recent requests can still be waiting for the provider.
  if ((status === "SUBMITTED" || status === "IN PROGRESS") && slot === null && createdMs < timeline.endMs - 3 * DAY_MS) return "COMPLETED";
  return status;
}

function chooseInvoiceStatus(random: Random, status: ProcessStatus, slot: number | null): InvoiceStatus {
  if (slot !== null) return INVOICE_STATUSES[slot % INVOICE_STATUSES.length];
  if (status === "COMPLETED (CCCONE Error)") return random.chance(0.6) ? "PENDING" : "FAILED";
  return random.weighted([
    ["ACCEPTED", 60],
    ["SENT", 14],
    ["PENDING", 8],
    ["REJECTED", 9],
    ["FAILED", 9],
  ] as const);
}

export interface PlanInput {
  index: number;
  scale: number;
  random: Random;
  world: RequestWorld;
  timeline: Timeline;
  jobs: VehicleJobs;
  richFromIndex: number;
  ownFilesFromIndex: number;
}

export function planRequest({ index, scale, random, world, timeline, jobs, richFromIndex, ownFilesFromIndex }: PlanInput): RequestPlan {
  const id = index + 1;
  const showcaseStart = scale - SHOWCASE_SIZE;
  const slot = index >= showcaseStart ? index - showcaseStart : null;
  // Stratified over the timeline: request ids increase with creation time.
  const createdMs = timeline.instantAt((index + random.next()) / scale);

  const choices = slot !== null && slot < SHOWCASE_SIZE / 2 ? world.demoProvider : random.weighted(world.providers);
  const registration = pickRegistration(choices.shops, random);
  const { provider } = choices.shops;
  const shop = registration.shop;

  const job = jobs.continueJob(registration.id, createdMs, random, 0.35);
  const anchorYear = timeline.anchorDay.getUTCFullYear();
  const vehicle = job ? job.vehicle : newVehicle(random, choices, anchorYear);
  const repairOrderNo = job ? job.repairOrderNo : repairOrderNumber(random, shop, createdMs);
  if (!job) jobs.start(registration.id, { vehicle, repairOrderNo, firstRequestId: id, openedMs: createdMs, requestCount: 1 });

  const forcedScanType = slot !== null ? SCAN_TYPES[slot % SCAN_TYPES.length] : null;
  const scanType = forcedScanType && provider.scanTypes.includes(forcedScanType) ? forcedScanType : random.weighted(choices.scanTypes);
  const scanPhase: ScanPhase =
    slot !== null
      ? SCAN_PHASES[Math.floor(slot / 3) % SCAN_PHASES.length]
      : job
        ? random.chance(0.65)
          ? "Post-Repair"
          : "In-Process"
        : random.weighted([
            ["Pre-Repair", 75],
            ["In-Process", 5],
            ["Post-Repair", 20],
          ] as const);
  const status = chooseStatus(random, createdMs, timeline, slot);
  const failed = status.startsWith("FAILED") || status === "CANCELLED";
  const type: RequestType = scanType === "Scan" ? "diagnostics" : slot !== null || random.chance(0.85) ? "services" : "diagnostics";
  const clientType =
    slot !== null
      ? CLIENT_TYPES[slot % CLIENT_TYPES.length]
      : random.weighted([
          ["DESKTOP", 62],
          ["MOBILE", 25],
          ["WEB", 13],
        ] as const);
  const isBillable = !failed && (slot !== null ? slot % 13 !== 0 : random.chance(0.88));
  const hasResponse = status === "COMPLETED (CCCONE Error)" || (status === "COMPLETED" && (slot !== null || random.chance(0.97)));
  const invoiceStatus = hasResponse && isBillable ? chooseInvoiceStatus(random, status, slot) : null;
  const scanTypeCode = providerScanType(random, scanType, scanPhase);

  const scanStartMs = NOT_STARTED.includes(status) || (status === "CANCELLED" && random.chance(0.5)) ? null : createdMs + random.int(60, 480) * 1000;
  const [minMinutes, maxMinutes] = SCAN_MINUTES[scanType];
  const scanEndMs =
    scanStartMs === null || status === "IN PROGRESS" || status === "FAILED (Resp. Timeout)"
      ? null
      : scanStartMs + random.int(minMinutes * 60, maxMinutes * 60) * 1000;
  const resultReceivedMs = hasResponse && scanEndMs !== null ? scanEndMs + random.int(5, 90) * 1000 : null;
  const responseWaitMs = resultReceivedMs !== null ? resultReceivedMs - createdMs : status === "FAILED (Resp. Timeout)" ? RESPONSE_TIMEOUT_MS : null;
  const invoiceMs = invoiceStatus !== null && resultReceivedMs !== null ? resultReceivedMs + random.int(2, 40) * 60_000 : null;
  const lastModifiedMs =
    (invoiceMs ?? resultReceivedMs ?? scanEndMs ?? (status === "FAILED (Resp. Timeout)" ? createdMs + RESPONSE_TIMEOUT_MS : scanStartMs) ?? createdMs) +
    random.int(1, 120) * 1000;

  return {
    id,
    rich: index >= richFromIndex,
    ownFiles: index >= ownFilesFromIndex,
    showcaseSlot: slot,
    registration,
    provider,
    shop,
    vehicle,
    repairOrderNo,
    masterId: job ? job.firstRequestId : null,
    scanType,
    scanPhase,
    status,
    type,
    clientType,
    isBillable,
    invoiceStatus,
    providerScanType: scanTypeCode,
    providerServiceName: random.pick(PROVIDER_SERVICE_NAMES[scanTypeCode]),
    serviceUid: random.uuid(),
    createdMs,
    scanStartMs,
    scanEndMs,
    resultReceivedMs,
    responseWaitMs,
    invoiceMs,
    lastModifiedMs,
    device: registration.deviceSerials.length > 0 ? random.pick(registration.deviceSerials) : `${provider.code}-UNREGISTERED`,
    technician: random.pick(shop.technicians),
    hasResponse,
    wantsQuote: slot !== null ? slot % 8 === 3 : scanType === "Scan" && scanPhase === "Pre-Repair" && random.chance(0.12),
  };
}
