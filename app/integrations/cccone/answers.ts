import { elementContent, elementText } from "./xml-text";

/**
 * What CCC ONE answers, read from its XML: a diagnostic report gets a CccOneResponse (Status
 * SUCCESS or ERROR and a Message), an invoice a SOAP PostInvoiceResponse holding an AcceptResult or
 * a RejectResult, and a failing service a SOAP Fault. The sandbox writes the same shapes, and the
 * demo data stores them.
 */

/**
 * How the message of CCC ONE's answer to a diagnostic report ends when the result PDF was
 * generated and saved in the workfile: the only answer that offers the document view.
 */
export const PDF_SAVED_SUFFIX = "PDF REPORT GENERATED AND SAVED";

export interface ReportAnswer {
  succeeded: boolean;
  message: string;
}

export function readReportAnswer(body: string): ReportAnswer | null {
  const response = elementContent(body, "CccOneResponse");
  if (response === null) return null;
  const status = elementText(response, "Status");
  const message = elementText(response, "Message");
  if (status === null || message === null) return null;
  return { succeeded: status.toUpperCase() === "SUCCESS", message };
}

export type InvoiceAnswer =
  { accepted: true; invoiceId: string | null; message: string } | { accepted: false; invoiceId: string | null; code: string | null; message: string };

export function readInvoiceAnswer(body: string): InvoiceAnswer | null {
  const accept = elementContent(body, "AcceptResult");
  if (accept !== null) {
    return { accepted: true, invoiceId: elementText(accept, "InvoiceId"), message: elementText(accept, "Message") ?? "" };
  }
  const reject = elementContent(body, "RejectResult");
  if (reject !== null) {
    return {
      accepted: false,
      invoiceId: elementText(reject, "InvoiceId"),
      code: elementText(reject, "Code"),
      message: elementText(reject, "Message") ?? "",
    };
  }
  return null;
}

/** The one-line text of an invoice answer: the accept message, or the reject code and message. */
export function invoiceAnswerText(answer: InvoiceAnswer): string {
  if (answer.accepted) return answer.message || "Invoice accepted";
  return [answer.code, answer.message].filter((part) => part).join(": ") || "Invoice rejected";
}

/** A SOAP fault's faultstring, or null when the body is not a fault. */
export function readSoapFault(body: string): string | null {
  const fault = elementContent(body, "Fault");
  if (fault === null) return null;
  return elementText(fault, "faultstring") ?? "";
}
