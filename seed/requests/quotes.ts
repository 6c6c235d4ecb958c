import { QUOTE_STATUSES, SCAN_PHASES } from "~/modules/transactions/vocabulary";
import { makePdf } from "../files/pdf";
import { IndexedCanvas } from "../files/png";
import type { Random } from "../random";
import { SharedFilePool } from "./file-pool";
import { CCC_PROCEDURES } from "../reference/catalog";
import { ADAS_SERVICES, CALIBRATION_SERVICES, PROGRAMMING_SERVICES, type ServiceItem } from "../reference/diagnostics";
import { INSURANCE_COMPANIES } from "../reference/people";
import type { SeedFiles } from "../seed-files";
import type { RowSink } from "../store/sink";
import type { Timeline } from "../timeline";
import type { RequestPlan } from "./plan";

type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const SERVICE_CHOICES: readonly (readonly [ServiceItem, string, string])[] = [
  ...CALIBRATION_SERVICES.map((s) => [s, "Calibration", s.subsystems.includes("Camera") || s.subsystems.includes("Forward") ? "900510" : "900511"] as const),
  ...PROGRAMMING_SERVICES.map((s) => [s, "Programming", s.abbreviation === "PEPS" ? "900521" : "900520"] as const),
  ...ADAS_SERVICES.map((s) => [s, "Assessment", "900530"] as const),
];
const PROCEDURE_DESCRIPTIONS = new Map<string, string>(CCC_PROCEDURES.map((p) => [p.code, p.label]));

const ATTACHMENTS = [
  ["Estimate", "pdf", "Estimate"],
  ["Photo", "png", "DamagePhoto"],
  ["OEM Position Statement", "pdf", "OEMPositionStatement"],
] as const;

function attachmentPdf(title: string, quoteId: number, vin: string): Buffer {
  return makePdf(title, [{ text: `Quote ${quoteId}` }, { text: `VIN: ${vin}` }, { text: "Generated demo attachment." }]);
}

function attachmentImage(label: string): Buffer {
  const canvas = new IndexedCanvas(320, 200, [235, 235, 235]);
  canvas.fillRect(20, 60, 280, 90, [90, 110, 140]);
  canvas.centredText(label, 92, 3, [255, 255, 255]);
  return canvas.toPng();
}

/** Quotes: requested by CCC ONE for an estimate, priced by the provider, some linked to a scan request. */
export class QuoteWriter {
  private nextQuoteId = 1;
  private nextLineId = 1;
  private nextAttachmentId = 1;
  private readonly pdfPool: SharedFilePool;
  private readonly imagePool: SharedFilePool;

  constructor(
    private readonly sink: RowSink,
    private readonly files: SeedFiles,
    private readonly timeline: Timeline,
    private readonly addDocument: (
      quoteId: number,
      atMs: number,
      direction: "INBOUND" | "OUTBOUND",
      messageType: "request" | "response",
      content: string,
      appId: string,
    ) => void,
  ) {
    this.pdfPool = new SharedFilePool(
      files,
      (slot) => `quotes/shared/attachment-${slot + 1}.pdf`,
      12,
      (slot) => attachmentPdf("Estimate (shared demo file)", slot + 1, "N/A"),
    );
    this.imagePool = new SharedFilePool(
      files,
      (slot) => `quotes/shared/photo-${slot + 1}.png`,
      6,
      (slot) => attachmentImage(`PHOTO ${slot + 1}`),
    );
  }

  /** The id the next quote will get (the linked scan request stores it). */
  peekId(): number {
    return this.nextQuoteId;
  }

  write(random: Random, plan: RequestPlan, linked: boolean, atMs: number): number {
    const quoteId = this.nextQuoteId++;
    // The first quotes cycle through every status, so each occurs at any scale.
    const status: QuoteStatus =
      quoteId <= QUOTE_STATUSES.length
        ? QUOTE_STATUSES[quoteId - 1]
        : random.weighted([
            ["OPEN", 25],
            ["SENT", 25],
            ["ACCEPTED", 30],
            ["DECLINED", 12],
            ["EXPIRED", 8],
          ] as const);
    const insurer = random.pick(INSURANCE_COMPANIES);
    const vin = linked ? plan.vehicle.vin : `${plan.vehicle.vin.slice(0, 11)}${random.digits(6)}`;
    const modifiedMs = atMs + random.int(10, 3 * 24 * 60) * 60_000;
    const workfileId = random.uuid();
    this.sink.add("quotes", {
      quoteId,
      scanRequestId: linked ? plan.id : null,
      providerId: plan.provider.providerId,
      shopId: plan.shop.shopId,
      licenseNumber: plan.shop.licenseNum,
      shopName: plan.shop.name,
      repairOrderNumber: plan.repairOrderNo,
      workfileId,
      vin,
      year: plan.vehicle.year,
      make: plan.vehicle.make.code,
      model: plan.vehicle.model.name,
      repairPhase: linked ? plan.scanPhase : random.pick(SCAN_PHASES),
      status,
      serviceReceived: status === "ACCEPTED" && random.chance(0.7) ? 1 : 0,
      providerRegistrationKey: `${plan.provider.code}-REG-${random.digits(6)}`,
      insuranceCompanyNm: insurer.name,
      insuranceCompanyCd: insurer.code,
      documentId: `DOC-${random.alphanumeric(12)}`,
      createdDateTime: this.timeline.iso(atMs),
      lastModifiedDateTime: this.timeline.iso(modifiedMs),
    });

    const services = random.sample(SERVICE_CHOICES, random.int(1, plan.rich ? 4 : 2));
    const requested = services.map(([service]) => service.abbreviation);
    this.addDocument(quoteId, atMs, "INBOUND", "request", JSON.stringify({ quoteId, workfileId, vin, requestedServices: requested }), "DIP-QUOTE-SERVICE");
    let total = 0;
    for (const [service, type, procedureId] of services) {
      const retailCents = random.int(9000, 42000);
      total += retailCents;
      this.sink.add("quoteServiceLines", {
        id: this.nextLineId++,
        quoteId,
        system: service.system,
        subsystem: service.subsystems,
        location: service.location,
        capable: random.chance(0.9) ? 1 : 0,
        type,
        category: random.chance(0.7) ? "Required" : "Recommended",
        serviceUid: random.uuid(),
        cccProcedureId: procedureId,
        cccProcedureDesc: PROCEDURE_DESCRIPTIONS.get(procedureId) ?? null,
        retailPrice: retailCents / 100,
        shopCost: Math.round(retailCents * random.float(0.6, 0.85)) / 100,
      });
    }
    this.addDocument(
      quoteId,
      atMs + random.int(5, 240) * 60_000,
      "OUTBOUND",
      "response",
      JSON.stringify({ quoteId, status, totalRetailPrice: (total / 100).toFixed(2), lineCount: services.length }),
      "DIP-QUOTE-SERVICE",
    );

    for (const [type, fileType, baseName] of random.sample(ATTACHMENTS, random.int(0, 2))) {
      const fileName = `${baseName}_${quoteId}.${fileType}`;
      let storageKey: string;
      if (plan.ownFiles) {
        storageKey = `quotes/${this.timeline.iso(atMs).slice(0, 7)}/${fileName}`;
        this.files.write(storageKey, fileType === "pdf" ? attachmentPdf(type, quoteId, vin) : attachmentImage("DAMAGE PHOTO"));
      } else {
        storageKey = (fileType === "pdf" ? this.pdfPool : this.imagePool).keyFor(random);
      }
      this.sink.add("quoteAttachments", {
        id: this.nextAttachmentId++,
        quoteId,
        type,
        fileType,
        fileName,
        storageKey,
        createdDateTime: this.timeline.iso(atMs + random.int(1, 60) * 60_000),
      });
    }
    return quoteId;
  }
}
