import http from "node:http";
import type { AddressInfo } from "node:net";
import { DIAGNOSTIC_REPORTS_PATH, INVOICES_PATH, SCAN_REQUEST_ID_HEADER } from "~/integrations/cccone/endpoints";

/**
 * A stand-in for CCC ONE on a loopback port whose behaviour a test switches: it answers like the
 * real service, answers 503, or takes the request and never answers. It keeps every request it
 * received, so a test can count what the portal sent.
 */
export type FakeCccOneMode = "answer" | "fail" | "hang";

export interface ReceivedCall {
  kind: "diagnostic-report" | "invoice" | "other";
  scanRequestId: string | null;
  body: string;
}

export const FAKE_FAILURE_TEXT = "ERROR 5003: CCC ONE is down for maintenance";

export interface FakeCccOne {
  /** The portal's CCCONE_URL, e.g. http://127.0.0.1:PORT/cccone. */
  readonly baseUrl: string;
  readonly port: number;
  readonly received: ReceivedCall[];
  mode: FakeCccOneMode;
  close(): Promise<void>;
}

function kindOf(url: string | undefined): ReceivedCall["kind"] {
  if (url?.endsWith(DIAGNOSTIC_REPORTS_PATH)) return "diagnostic-report";
  if (url?.endsWith(INVOICES_PATH)) return "invoice";
  return "other";
}

function xml(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "Content-Type": "application/xml" });
  res.end(body);
}

function answer(kind: ReceivedCall["kind"], scanRequestId: string | null, res: http.ServerResponse): void {
  if (kind === "invoice") {
    xml(
      res,
      200,
      `<Envelope><Body><PostInvoiceResponse><AcceptResult><InvoiceId>INV-${scanRequestId}</InvoiceId><Message>Invoice accepted</Message></AcceptResult></PostInvoiceResponse></Body></Envelope>`,
    );
    return;
  }
  xml(
    res,
    200,
    `<CccOneResponse><Status>SUCCESS</Status><Message>Report for scan request ${scanRequestId} attached. PDF REPORT GENERATED AND SAVED</Message></CccOneResponse>`,
  );
}

export async function startFakeCccOne(): Promise<FakeCccOne> {
  const received: ReceivedCall[] = [];
  const state = { mode: "answer" as FakeCccOneMode };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const kind = kindOf(req.url);
      const header = req.headers[SCAN_REQUEST_ID_HEADER.toLowerCase()];
      const scanRequestId = typeof header === "string" ? header : null;
      received.push({ kind, scanRequestId, body });
      if (state.mode === "hang") return;
      if (state.mode === "fail") xml(res, 503, `<CccOneResponse><Status>ERROR</Status><Message>${FAKE_FAILURE_TEXT}</Message></CccOneResponse>`);
      else answer(kind, scanRequestId, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/cccone`,
    port,
    received,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeCccOneMode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
