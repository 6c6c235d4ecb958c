import { element, soapEnvelope, XML_DECLARATION } from "../xml-markup";

/** An HTTP answer of the sandbox, in the shapes CCC ONE uses (the demo data stores the same). */
export interface SandboxAnswer {
  status: number;
  contentType: string;
  body: string;
}

const XML = "application/xml; charset=utf-8";
const SOAP = "text/xml; charset=utf-8";
export const INVOICE_NAMESPACE = "urn:cccone:diagnostics:invoice:v1";

export function reportAnswer(status: number, succeeded: boolean, message: string): SandboxAnswer {
  return {
    status,
    contentType: XML,
    body: `${XML_DECLARATION}<CccOneResponse>${element("Status", succeeded ? "SUCCESS" : "ERROR")}${element("Message", message)}</CccOneResponse>`,
  };
}

export function invoiceAccepted(invoiceId: string): SandboxAnswer {
  return {
    status: 200,
    contentType: SOAP,
    body: soapEnvelope(
      `<PostInvoiceResponse xmlns="${INVOICE_NAMESPACE}"><AcceptResult>${element("InvoiceId", invoiceId)}${element("Message", "Invoice accepted")}</AcceptResult></PostInvoiceResponse>`,
    ),
  };
}

export function invoiceRejected(invoiceId: string | null, code: string, message: string): SandboxAnswer {
  return {
    status: 200,
    contentType: SOAP,
    body: soapEnvelope(
      `<PostInvoiceResponse xmlns="${INVOICE_NAMESPACE}"><RejectResult>${element("InvoiceId", invoiceId)}${element("Code", code)}${element("Message", message)}</RejectResult></PostInvoiceResponse>`,
    ),
  };
}

export function soapFault(status: number, faultCode: "soap:Client" | "soap:Server", message: string): SandboxAnswer {
  return {
    status,
    contentType: SOAP,
    body: soapEnvelope(`<soap:Fault>${element("faultcode", faultCode)}${element("faultstring", message)}</soap:Fault>`),
  };
}
