import { element, soapEnvelope as soap } from "~/integrations/cccone/xml-markup";
import type { ScanType } from "~/modules/transactions/vocabulary";
import type { Random } from "../random";
import type { InvoiceStatus, RequestPlan } from "./plan";
import type { RowSink } from "../store/sink";

/** List price range per scan type, in cents. */
const LIST_PRICE_CENTS: Record<ScanType, readonly [number, number]> = {
  Scan: [4500, 9500],
  Calibration: [15000, 35000],
  Programming: [12000, 30000],
  Adas: [3500, 7500],
  Sublet: [6000, 25000],
};

const LINE_TYPES: Record<ScanType, readonly string[]> = {
  Scan: ["SCAN", "LABOR", "FEE"],
  Calibration: ["CALIBRATION", "LABOR", "EQUIPMENT"],
  Programming: ["PROGRAMMING", "LABOR", "SOFTWARE"],
  Adas: ["ASSESSMENT", "FEE"],
  Sublet: ["SUBLET", "FEE"],
};

const REJECTIONS = [
  ["E1042", "Repair order is closed in CCC ONE"],
  ["E2210", "Invoice total exceeds the approved estimate line"],
  ["E3007", "Duplicate invoice for this scan request"],
] as const;

export interface InvoiceLine {
  lineNo: number;
  type: string;
  description: string;
  listPrice: number;
  netPrice: number;
}

export interface Invoice {
  invoiceId: string;
  status: InvoiceStatus;
  listPrice: number;
  netPrice: number;
  taxPrice: number;
  lines: InvoiceLine[];
  retryCount: number;
  response: string | null;
}

/** Splits a total in cents into `parts` positive amounts that add up to it. */
function splitCents(random: Random, total: number, parts: number): number[] {
  const amounts: number[] = [];
  let left = total;
  for (let i = parts; i > 1; i--) {
    const share = Math.max(1, Math.round(left * random.float(0.3, 0.7)));
    amounts.push(share);
    left -= share;
  }
  amounts.push(left);
  return amounts;
}

function invoiceResponse(random: Random, invoiceId: string, status: InvoiceStatus, compact: boolean): string | null {
  // Older requests leave out the XML declaration to keep large data sets small.
  const envelope = (body: string) => soap(body, !compact);
  const tag = `<PostInvoiceResponse xmlns="urn:cccone:diagnostics:invoice:v1">`;
  switch (status) {
    case "ACCEPTED":
      return envelope(`${tag}<AcceptResult>${element("InvoiceId", invoiceId)}${element("Message", "Invoice accepted")}</AcceptResult></PostInvoiceResponse>`);
    case "REJECTED": {
      const [code, message] = random.pick(REJECTIONS);
      return envelope(
        `${tag}<RejectResult>${element("InvoiceId", invoiceId)}${element("Code", code)}${element("Message", message)}</RejectResult></PostInvoiceResponse>`,
      );
    }
    case "FAILED":
      // Neither an accept nor a reject result: the portal can only log it.
      return envelope(`<soap:Fault>${element("faultcode", "soap:Server")}${element("faultstring", "CCC ONE invoice service unavailable")}</soap:Fault>`);
    default:
      return null;
  }
}

export function buildInvoice(random: Random, plan: RequestPlan, status: InvoiceStatus): Invoice {
  const [min, max] = LIST_PRICE_CENTS[plan.scanType];
  const listCents = random.int(min, max);
  const netCents = Math.round(listCents * random.float(0.8, 1));
  const taxCents = Math.round((netCents * plan.shop.taxRate) / 100);
  const retryCount = status === "REJECTED" || status === "FAILED" ? random.int(0, 3) : 0;
  const invoiceId = `INV${plan.id}_${retryCount + 1}`;
  const lines: InvoiceLine[] = [];
  // Some invoices carry only totals; the detail view shows one 'Diagnostics Scan' line for them.
  if (random.chance(0.7)) {
    const count = random.int(1, 3);
    const listParts = splitCents(random, listCents, count);
    const netParts = splitCents(random, netCents, count);
    const types = LINE_TYPES[plan.scanType];
    for (let i = 0; i < count; i++) {
      const type = types[i % types.length];
      lines.push({
        lineNo: i + 1,
        type,
        description: i === 0 ? plan.providerServiceName : `${type[0]}${type.slice(1).toLowerCase()} - ${plan.provider.code}`,
        listPrice: listParts[i] / 100,
        netPrice: netParts[i] / 100,
      });
    }
  }
  return {
    invoiceId,
    status,
    listPrice: listCents / 100,
    netPrice: netCents / 100,
    taxPrice: taxCents / 100,
    lines,
    retryCount,
    response: invoiceResponse(random, invoiceId, status, !plan.rich),
  };
}

export function invoiceRequestMessage(plan: RequestPlan, invoice: Invoice): string {
  let lines = "";
  for (const line of invoice.lines) {
    lines += `<Line>${element("LineNo", line.lineNo)}${element("Type", line.type)}${element("ListPrice", line.listPrice.toFixed(2))}${element("NetPrice", line.netPrice.toFixed(2))}</Line>`;
  }
  if (!plan.rich) {
    return soap(
      `<PostInvoice xmlns="urn:cccone:diagnostics:invoice:v1">${element("InvoiceId", invoice.invoiceId)}${element("NetPrice", invoice.netPrice.toFixed(2))}${element("TaxPrice", invoice.taxPrice.toFixed(2))}</PostInvoice>`,
      false,
    );
  }
  return soap(
    `<PostInvoice xmlns="urn:cccone:diagnostics:invoice:v1">${element("InvoiceId", invoice.invoiceId)}${element("ScanRequestId", plan.id)}` +
      `${element("ServiceUid", plan.serviceUid)}${element("ListPrice", invoice.listPrice.toFixed(2))}${element("NetPrice", invoice.netPrice.toFixed(2))}` +
      `${element("TaxPrice", invoice.taxPrice.toFixed(2))}<Lines>${lines}</Lines></PostInvoice>`,
  );
}

/** `createdAt`: the invoice's instant as ISO text (Timeline.iso). */
export function writeInvoice(sink: RowSink, plan: RequestPlan, invoice: Invoice, createdAt: string, nextLineId: () => number): void {
  sink.add("invoices", {
    invoiceId: invoice.invoiceId,
    scanRequestId: plan.id,
    createdDateTime: createdAt,
    invoiceStatus: invoice.status,
    retryCount: invoice.retryCount,
    invoiceListPrice: invoice.listPrice,
    invoiceNetPrice: invoice.netPrice,
    invoiceTaxPrice: invoice.taxPrice,
    invoiceResponse: invoice.response,
  });
  for (const line of invoice.lines) {
    sink.add("invoiceLineItems", {
      id: nextLineId(),
      invoiceId: invoice.invoiceId,
      lineNo: line.lineNo,
      serviceUid: plan.serviceUid,
      type: line.type,
      description: line.description,
      listPrice: line.listPrice,
      netPrice: line.netPrice,
    });
  }
}
