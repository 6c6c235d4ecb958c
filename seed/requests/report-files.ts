import type { RequestPlan } from "./plan";
import type { ScanResultDetails } from "./scan-result";
import { makePdf, type PdfLine } from "../files/pdf";
import { IndexedCanvas, type Rgb } from "../files/png";

/** The result report a provider or CCC ONE produces for a scan, as a PDF and as an image. */

const GREEN: Rgb = [46, 139, 87];
const RED: Rgb = [200, 40, 40];
const INK: Rgb = [25, 25, 25];
const HEADER: Rgb = [22, 60, 120];
const WHITE: Rgb = [255, 255, 255];

export function reportPdf(plan: RequestPlan, result: ScanResultDetails, cccOneRef: string): Buffer {
  const { vehicle, shop, provider } = plan;
  const lines: PdfLine[] = [
    { text: `Scan Request ID: ${plan.id}    Service UID: ${plan.serviceUid}` },
    { text: `VIN: ${vehicle.vin}`, bold: true },
    { text: `Vehicle: ${vehicle.year} ${vehicle.make.label} ${vehicle.model.name} ${vehicle.model.bodyStyle}, ${vehicle.engine ?? "electric"}` },
    { text: `Shop: ${shop.name} (license ${shop.licenseNum ?? "unknown"}), RO ${plan.repairOrderNo ?? "N/A"}` },
    { text: `Provider: ${provider.name} - ${plan.providerServiceName}` },
    { text: `Scan: ${plan.scanType}, ${plan.scanPhase}, completed ${result.scanCompleteDateTime}` },
    { text: `CCC ONE reference: ${cccOneRef}` },
  ];
  if (result.modules.length > 0) lines.push({ text: "Modules", size: 13, bold: true });
  for (const module of result.modules) {
    lines.push({ text: `${module.moduleName}: ${module.scanStatus}, ${module.dtc.length === 0 ? "No Code(s) Returned" : `${module.dtc.length} code(s)`}` });
    for (const dtc of module.dtc) lines.push({ text: `    ${dtc.code} ${dtc.type ?? ""} ${dtc.description}`, size: 10 });
  }
  for (const service of result.services) lines.push({ text: `${service.system} / ${service.subsystems}: ${service.description}` });
  for (const sublet of result.sublet) lines.push({ text: `Sublet ${sublet.serviceType}: ${sublet.description}` });
  return makePdf("Diagnostic Scan Report", lines);
}

export function reportImage(plan: RequestPlan, result: ScanResultDetails): Buffer {
  const canvas = new IndexedCanvas(480, 270, WHITE);
  canvas.fillRect(0, 0, 480, 40, HEADER);
  canvas.text(`SCAN RESULT ${plan.id}`, 12, 13, 2, WHITE);
  canvas.text(`VIN ${plan.vehicle.vin}`, 12, 58, 2, INK);
  canvas.text(`${plan.vehicle.year} ${plan.vehicle.make.code}`, 12, 84, 2, INK);
  canvas.text(plan.scanType.toUpperCase(), 12, 110, 2, INK);
  result.modules.forEach((module, i) => {
    canvas.fillRect(12 + (i % 9) * 50, 150 + Math.floor(i / 9) * 50, 40, 40, module.scanStatus === "Success" && module.dtc.length === 0 ? GREEN : RED);
  });
  return canvas.toPng();
}

export function sharedReportPdf(slot: number): Buffer {
  return makePdf("Diagnostic Scan Report (shared demo file)", [
    { text: `Shared sample report ${slot + 1}.` },
    { text: "Older demo transactions share a small set of report files; the newest ones have their own." },
  ]);
}

export function sharedReportImage(slot: number): Buffer {
  const canvas = new IndexedCanvas(480, 270, WHITE);
  canvas.fillRect(0, 0, 480, 40, HEADER);
  canvas.text(`SAMPLE RESULT ${slot + 1}`, 12, 13, 2, WHITE);
  canvas.text("SHARED DEMO IMAGE", 12, 70, 2, INK);
  return canvas.toPng();
}
