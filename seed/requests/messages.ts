import { PDF_SAVED_SUFFIX } from "~/integrations/cccone/answers";
import { element, XML_DECLARATION } from "~/integrations/cccone/xml-markup";
import { isoInstant } from "../timeline";
import type { RequestPlan } from "./plan";
import type { ScanResultDetails } from "./scan-result";

/** Contents of the workflow-log documents of a scan request. */

export function scanRequestMessage(plan: RequestPlan): string {
  const { vehicle } = plan;
  if (!plan.rich) {
    return JSON.stringify({
      scanRequestId: plan.id,
      shopId: plan.shop.shopId,
      providerId: plan.provider.providerId,
      vin: vehicle.vin,
      scanType: plan.scanType,
    });
  }
  return JSON.stringify({
    scanRequestId: plan.id,
    shopId: plan.shop.shopId,
    providerId: plan.provider.providerId,
    vin: vehicle.vin,
    scanType: plan.scanType,
    scanPhase: plan.scanPhase,
    requestedAt: isoInstant(plan.createdMs),
    serviceUid: plan.serviceUid,
    licenseNumber: plan.shop.licenseNum,
    repairOrderNumber: plan.repairOrderNo,
    providerScanType: plan.providerScanType,
    providerServiceName: plan.providerServiceName,
    clientType: plan.clientType,
    vehicle: { year: vehicle.year, make: vehicle.make.code, model: vehicle.model.name, bodyStyle: vehicle.model.bodyStyle, engine: vehicle.engine },
    device: { serialNo: plan.device },
    requestedBy: plan.technician,
  });
}

export function scanRequestAcknowledgement(plan: RequestPlan, rejection: string | null): string {
  if (!plan.rich && !rejection) return JSON.stringify({ scanRequestId: plan.id, status: "ACCEPTED" });
  return JSON.stringify({
    scanRequestId: plan.id,
    status: rejection ? "REJECTED" : "ACCEPTED",
    providerRequestId: rejection ? null : `${plan.provider.code}-Q${plan.id}`,
    message: rejection ?? "Scan request accepted by provider",
  });
}

/** The diagnostic scan report posted to CCC ONE (isScanSuccess, vehicle, modules, ...). */
export function diagnosticReportMessage(plan: RequestPlan, result: ScanResultDetails, cccOneRef: string): string {
  const success = result.modules.every((module) => module.scanStatus === "Success");
  let modules = "";
  for (const module of plan.rich ? result.modules : []) {
    modules += `<Module>${element("ModuleName", module.moduleName)}${element("ModuleStatus", module.scanStatus)}`;
    for (const dtc of module.dtc) modules += `<Dtc>${element("Code", dtc.code)}${element("Description", dtc.description)}</Dtc>`;
    for (const data of module.datalist) modules += `<Data>${element("Name", data.name)}${element("Value", data.value)}</Data>`;
    modules += "</Module>";
  }
  if (!plan.rich) {
    return `<DiagnosticScanReport>${element("ScanRequestId", plan.id)}${element("IsScanSuccess", success)}${element("Vin", result.vin)}${element("CccOneRefId", cccOneRef)}${element("ModuleCount", result.modules.length)}</DiagnosticScanReport>`;
  }
  return (
    `${XML_DECLARATION}<DiagnosticScanReport>` +
    element("ScanRequestId", plan.id) +
    element("IsScanSuccess", success) +
    element("ErrorMessage", success ? null : "One or more modules could not be read") +
    element("Year", result.year) +
    element("Make", result.make) +
    element("Model", result.model) +
    element("Vin", result.vin) +
    element("CccOneRefId", cccOneRef) +
    element("ScanDate", result.scanCompleteDateTime) +
    `<ScanResultModules>${modules}</ScanResultModules>` +
    "</DiagnosticScanReport>"
  );
}

export function cccOneReportResponse(plan: RequestPlan, succeeded: boolean, message: string): string {
  return `${plan.rich ? XML_DECLARATION : ""}<CccOneResponse>${element("Status", succeeded ? "SUCCESS" : "ERROR")}${element("Message", message)}</CccOneResponse>`;
}

/** What CCC ONE answered to the posted report (scan_request_details.cccone_response). */
export function cccOneResponseText(plan: RequestPlan, cccOneRef: string, saved: boolean): string {
  const workfile = plan.rich ? `Report for RO ${plan.repairOrderNo ?? "N/A"} attached to workfile ${cccOneRef}.` : `Workfile ${cccOneRef}:`;
  return saved ? `${workfile} ${PDF_SAVED_SUFFIX}` : `${workfile} PDF generation queued`;
}
