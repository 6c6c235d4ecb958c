import type { TransactionType } from "./transaction-types";
import type { RowSink } from "../store/sink";
import type { Timeline } from "../timeline";

export type Direction = "INBOUND" | "OUTBOUND";
export type MessageType = "request" | "response";

/** transaction_documents: the workflow log of scan requests and quotes, in id order. */
export class DocumentWriter {
  private nextId = 1;

  constructor(
    private readonly sink: RowSink,
    private readonly timeline: Timeline,
  ) {}

  add(
    owner: { scanRequestId: number } | { quoteId: number },
    transactionType: TransactionType,
    messageType: MessageType,
    direction: Direction,
    atMs: number,
    content: string,
    appId: string,
  ): void {
    this.sink.add("transactionDocuments", {
      id: this.nextId++,
      scanRequestId: "scanRequestId" in owner ? owner.scanRequestId : null,
      quoteId: "quoteId" in owner ? owner.quoteId : null,
      createdTimestamp: this.timeline.iso(atMs),
      messageDirection: direction,
      transactionType,
      messageType,
      s3ObjectUrl: null,
      contentType: content.startsWith("<") ? "application/xml" : "application/json",
      messageContent: content,
      appId,
    });
  }
}
