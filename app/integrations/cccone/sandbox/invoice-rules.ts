import { elementContent, elementText, everyElementContent } from "../xml-text";
import { invoiceAccepted, invoiceRejected, soapFault, type SandboxAnswer } from "./sandbox-answer";

/**
 * How the sandbox answers an invoice (a SOAP PostInvoice), in this order:
 * 1. not a PostInvoice → 400 SOAP fault (soap:Client);
 * 2. no InvoiceId → RejectResult E2300;
 * 3. an amount (list, net, tax or a line's) that is not a number → RejectResult E2303;
 * 4. a negative amount, or a negative total (net + tax) → RejectResult E2302;
 * 5. no lines and no positive net price → RejectResult E2301;
 * 6. otherwise AcceptResult "Invoice accepted". Rejections are answered with HTTP 200, as CCC ONE does.
 */

export const INVOICE_UNREADABLE = "The invoice could not be read";
export const REJECT_NO_ID = ["E2300", "Invoice id is missing"] as const;
export const REJECT_NO_LINES = ["E2301", "Invoice has no lines"] as const;
export const REJECT_NEGATIVE = ["E2302", "Invoice total is negative"] as const;
export const REJECT_NOT_A_NUMBER = ["E2303", "Invoice amounts must be numbers"] as const;

/** undefined: absent; NaN: present but not a number. */
function amount(xml: string, name: string): number | undefined {
  const text = elementText(xml, name);
  if (text === null || text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export function answerInvoice(body: string): SandboxAnswer {
  const invoice = elementContent(body, "PostInvoice");
  if (invoice === null) return soapFault(400, "soap:Client", INVOICE_UNREADABLE);
  const invoiceId = elementText(invoice, "InvoiceId");
  if (!invoiceId) return invoiceRejected(null, ...REJECT_NO_ID);

  const net = amount(invoice, "NetPrice");
  const tax = amount(invoice, "TaxPrice");
  const totals = [amount(invoice, "ListPrice"), net, tax];
  const lines = everyElementContent(invoice, "Line");
  const lineAmounts = lines.flatMap((line) => [amount(line, "ListPrice"), amount(line, "NetPrice")]);
  const amounts = [...totals, ...lineAmounts].filter((value): value is number => value !== undefined);

  if (amounts.some(Number.isNaN)) return invoiceRejected(invoiceId, ...REJECT_NOT_A_NUMBER);
  if (amounts.some((value) => value < 0) || (net ?? 0) + (tax ?? 0) < 0) return invoiceRejected(invoiceId, ...REJECT_NEGATIVE);
  if (lines.length === 0 && !(net !== undefined && net > 0)) return invoiceRejected(invoiceId, ...REJECT_NO_LINES);
  return invoiceAccepted(invoiceId);
}
