import type { ErrorRecordsTable } from "~/db/types";
import { randomFor, type SeedContext } from "../context";
import { IndexedCanvas } from "../files/png";
import type { Random } from "../random";
import type { ProviderShops, RegistrationProfile } from "./registrations";
import { FEEDBACK_TOPICS } from "../reference/catalog";

type ErrorOrigin = NonNullable<ErrorRecordsTable["errorOrigin"]>;
type ErrorType = ErrorRecordsTable["errorType"];

const ORIGINS: readonly ErrorOrigin[] = ["CLIENT", "API", "ExternalAPI", "WEBSOCKET"];
const TYPES: readonly ErrorType[] = ["WARN", "ERROR"];
const SEVERITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;

interface ErrorKind {
  code: string;
  category: string;
  component: string;
  message: string;
}

const ERROR_KINDS: Record<ErrorOrigin, readonly ErrorKind[]> = {
  CLIENT: [
    { code: "DC-1001", category: "DEVICE", component: "DeviceManager", message: "Device connection lost during scan" },
    { code: "DC-1002", category: "DEVICE", component: "DeviceManager", message: "Vehicle interface firmware is out of date" },
    { code: "UI-2001", category: "SCAN", component: "ScanWizard", message: "Unhandled exception in scan wizard" },
  ],
  API: [
    { code: "API-4001", category: "SCAN", component: "ScanRequestService", message: "Validation failed: VIN must be 17 characters" },
    { code: "API-5001", category: "SCAN", component: "ScanRequestService", message: "Timed out waiting for the provider response" },
    { code: "API-5002", category: "REGISTRATION", component: "RegistrationService", message: "Shop registration could not be saved" },
  ],
  ExternalAPI: [
    { code: "EXT-3001", category: "INVOICE", component: "CccOneConnector", message: "CCC ONE rejected the diagnostic report: workfile locked" },
    { code: "EXT-3002", category: "SCAN", component: "ProviderGateway", message: "Provider endpoint returned HTTP 503" },
    { code: "EXT-3003", category: "AUTH", component: "CccOneConnector", message: "CCC ONE authentication failed" },
  ],
  WEBSOCKET: [
    { code: "WS-6001", category: "NETWORK", component: "ScanSocket", message: "WebSocket closed unexpectedly (1006)" },
    { code: "WS-6002", category: "NETWORK", component: "ScanSocket", message: "Heartbeat timeout" },
    { code: "WS-6003", category: "NETWORK", component: "ScanSocket", message: "Message exceeded the maximum frame size" },
  ],
};

const FEEDBACK_TEXTS = [
  "The transactions grid takes a while to load on Monday mornings.",
  "Could the report preview open in a new tab?",
  "One of our shops shows the wrong address.",
  "I cannot see the Admin tab any more.",
  "Thanks, the new filters are very helpful.",
] as const;

/** Error and feedback records: one per this many scan requests, plus a fixed base. */
const REQUESTS_PER_ERROR = 50;
const BASE_ERRORS = 120;
/** The first records cover every origin and type, then every feedback topic. */
const COVERAGE = ORIGINS.length * TYPES.length;

function logFile(random: Random, kind: ErrorKind, atMs: number, iso: (ms: number) => string): string {
  const lines: string[] = [];
  for (let i = 0; i < random.int(4, 12); i++) {
    const level = i === 0 ? "ERROR" : random.pick(["INFO", "DEBUG", "WARN"]);
    lines.push(`${iso(atMs - (12 - i) * 1500)} ${level} [${kind.component}] ${i === 0 ? kind.message : `step ${i} of scan workflow`}`);
  }
  return lines.join("\n") + "\n";
}

function screenshot(kind: ErrorKind): Buffer {
  const canvas = new IndexedCanvas(360, 200, [245, 245, 245]);
  canvas.fillRect(0, 0, 360, 28, [180, 30, 30]);
  canvas.text(kind.code, 10, 8, 2, [255, 255, 255]);
  canvas.text("SCREENSHOT", 10, 90, 3, [60, 60, 60]);
  return canvas.toPng();
}

export function seedErrorRecords(context: SeedContext, shopsByProvider: Map<number, ProviderShops>, portalLogins: readonly string[]): void {
  const registrations: RegistrationProfile[] = [...shopsByProvider.values()].flatMap((entry) => entry.registrations);
  const count = BASE_ERRORS + Math.floor(context.scale / REQUESTS_PER_ERROR);
  let fileId = 1;
  for (let index = 0; index < count; index++) {
    const random = randomFor(context, "error", index);
    const errorId = index + 1;
    // Stratified like the requests: ids follow time, recent weeks busier.
    const atMs = context.timeline.instantAt((index + random.next()) / count);
    const registration = random.pick(registrations);
    const { shop, provider } = registration;
    const feedbackSlot = index - COVERAGE;
    const isFeedback = (feedbackSlot >= 0 && feedbackSlot < FEEDBACK_TOPICS.length) || (index >= COVERAGE + FEEDBACK_TOPICS.length && random.chance(0.06));

    if (isFeedback) {
      const topic = feedbackSlot >= 0 && feedbackSlot < FEEDBACK_TOPICS.length ? FEEDBACK_TOPICS[feedbackSlot] : random.pick(FEEDBACK_TOPICS);
      context.sink.add("errorRecords", {
        errorId,
        errorCode: topic.code,
        errorType: "WARN",
        errorCategory: "FEEDBACK",
        providerId: provider.providerId,
        shopId: null,
        createdDate: context.timeline.iso(atMs),
        appId: "DIP-PORTAL",
        transactionId: null,
        errorOrigin: "CLIENT",
        component: "PortalFeedback",
        userId: random.pick(portalLogins),
        host: "dip-portal",
        severity: "LOW",
        errorMsg: `${topic.label}: ${random.pick(FEEDBACK_TEXTS)}`,
        errorDetails: null,
      });
      continue;
    }

    const origin =
      index < COVERAGE
        ? ORIGINS[index % ORIGINS.length]
        : random.weighted([
            ["CLIENT", 35],
            ["API", 30],
            ["ExternalAPI", 25],
            ["WEBSOCKET", 10],
          ] as const);
    const errorType = index < COVERAGE ? TYPES[Math.floor(index / ORIGINS.length)] : random.chance(0.6) ? "ERROR" : "WARN";
    const kind = random.pick(ERROR_KINDS[origin]);
    const onClient = origin === "CLIENT" || origin === "WEBSOCKET";
    context.sink.add("errorRecords", {
      errorId,
      errorCode: kind.code,
      errorType,
      errorCategory: kind.category,
      providerId: provider.providerId,
      shopId: shop.shopId,
      createdDate: context.timeline.iso(atMs),
      appId: onClient ? shop.appId : `DIP-${kind.component.toUpperCase()}`,
      transactionId: random.chance(0.6) ? String(random.int(1, Math.max(1, context.scale))) : null,
      errorOrigin: origin,
      component: kind.component,
      userId: onClient ? random.pick(shop.technicians) : "system",
      host: onClient ? `${shop.shopId}-WS${random.int(1, 9)}` : `dip-${kind.component.toLowerCase()}-${random.int(1, 4)}`,
      severity: errorType === "ERROR" ? random.pick(SEVERITIES.slice(1)) : random.pick(SEVERITIES.slice(0, 2)),
      errorMsg: kind.message,
      errorDetails: random.chance(0.5)
        ? `${kind.component}Exception: ${kind.message}\n    at ${kind.component}.process (${kind.component}.ts:${random.int(20, 400)})`
        : null,
    });

    if (origin === "CLIENT" && (index < COVERAGE || random.chance(0.4))) {
      const attachments: [string, string, string | Buffer][] = [["DiagnosticsClient.log", "text/plain", logFile(random, kind, atMs, context.timeline.iso)]];
      if (random.chance(0.5)) attachments.push(["screenshot.png", "image/png", screenshot(kind)]);
      if (random.chance(0.3))
        attachments.push([
          "appsettings.config",
          "application/xml",
          `<?xml version="1.0"?>\n<configuration>\n  <add key="ProviderId" value="${provider.providerId}"/>\n  <add key="ShopId" value="${shop.shopId}"/>\n</configuration>\n`,
        ]);
      if (random.chance(0.3)) attachments.push(["notes.txt", "text/plain", `Technician notes for error ${errorId}: ${kind.message}.\n`]);
      for (const [fileName, contentType, content] of attachments) {
        const storageKey = `errors/${context.timeline.iso(atMs).slice(0, 7)}/${errorId}-${fileName}`;
        context.files.write(storageKey, content);
        context.sink.add("errorFiles", { id: fileId++, errorId, fileName, contentType, storageKey });
      }
    }
  }
}
