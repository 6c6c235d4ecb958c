import type { Row } from "~/db/types";
import { PDF_SAVED_SUFFIX } from "~/integrations/cccone/answers";

/**
 * How the detail views show values (spec §2, §3, §9). Pure functions, shared by the server (which
 * formats) and the tests.
 */

export const NOT_AVAILABLE = "N/A";

const digitsOf = (value: string | null | undefined): string => (value ?? "").replace(/\D/g, "");

/** A shop phone: "(312) 555-0142", the area code in parentheses and a dash after 3 digits; "" when there is no number. */
export function formatPhone(areaCode: string | null | undefined, number: string | null | undefined): string {
  const area = digitsOf(areaCode);
  const digits = digitsOf(number);
  if (digits === "") return "";
  const local = digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
  return area ? `(${area}) ${local}` : local;
}

/** Only the part of an invoice id before an underscore is shown ("INV123_2" reads "INV123"). */
export function displayInvoiceId(invoiceId: string | null | undefined): string {
  if (!invoiceId) return "";
  const cut = invoiceId.indexOf("_");
  return cut === -1 ? invoiceId : invoiceId.slice(0, cut);
}

/** An invoice line as stored, without its own id and its invoice's. */
export type InvoiceLineInput = Omit<Row<"invoiceLineItems">, "id" | "invoiceId">;

export const SYNTHETIC_LINE_DESCRIPTION = "Diagnostics Scan";

/**
 * The lines an invoice shows: its own, or, when it has none but carries a list and a net price,
 * one synthetic 'Diagnostics Scan' line with those prices.
 */
export function invoiceLinesToShow(
  lines: readonly InvoiceLineInput[],
  invoice: { listPrice: number | null; netPrice: number | null; serviceUid: string | null },
): InvoiceLineInput[] {
  if (lines.length > 0) return [...lines].sort((a, b) => a.lineNo - b.lineNo);
  if (invoice.listPrice === null || invoice.netPrice === null) return [];
  return [
    {
      lineNo: 1,
      serviceUid: invoice.serviceUid,
      type: null,
      description: SYNTHETIC_LINE_DESCRIPTION,
      listPrice: invoice.listPrice,
      netPrice: invoice.netPrice,
    },
  ];
}

/** Only a CCC ONE response ending with 'PDF REPORT GENERATED AND SAVED' offers the document view. */
export function isPdfReportSaved(ccconeResponse: string | null | undefined): boolean {
  return (ccconeResponse ?? "").trim().endsWith(PDF_SAVED_SUFFIX);
}

/** A value as text, N/A when missing or blank. */
export function orNotAvailable(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = String(value).trim();
  return text === "" ? NOT_AVAILABLE : text;
}
