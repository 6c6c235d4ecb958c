import type { ReactNode } from "react";
import { ReportsPanel } from "~/components/transaction-results/reports-panel";
import { ViewResultsPanel } from "~/components/transaction-results/view-results-panel";
import type { ActiveTab, WorkflowDocumentView } from "~/modules/transaction-detail/view-models";
import { InvoiceInformationPanel, InvoiceLinesTable } from "./invoice-panels";
import { LabelledValues } from "./labelled-values";
import { QuoteAttachmentsTable, QuoteServiceLines } from "./quote-panels";
import { StatusPanel } from "./status-panel";
import { WorkflowLogs } from "./workflow-logs";

/** Actions other features render inside the panels (the single resends). */
export interface DetailSlots {
  /** 'Resend Results', in the Status section. */
  statusResendAction?: ReactNode;
  /** 'Resend Invoice', in Invoice Information. */
  invoiceResendAction?: ReactNode;
}

interface TabPanelProps {
  active: ActiveTab;
  slots?: DetailSlots;
  onOpenDocument?: (document: WorkflowDocumentView) => void;
}

/** The selected tab's selected section; one case per tab of DETAIL_TABS. */
export function TabPanel({ active, slots = {}, onOpenDocument }: TabPanelProps) {
  switch (active.id) {
    case "details": {
      const { data } = active;
      if (active.section === "status") return <StatusPanel status={data.status} resendAction={slots.statusResendAction} />;
      if (active.section === "logs") return <WorkflowLogs caption="Workflow Logs" documents={data.logs} onOpen={onOpenDocument} />;
      return <LabelledValues values={data.service} />;
    }
    case "results":
      return active.data ? <ViewResultsPanel results={active.data} backTo={active.backTo} /> : null;
    case "reports":
      return <ReportsPanel tab={active.data} backTo={active.backTo} />;
    case "invoice": {
      const { data } = active;
      if (active.section === "lines") return <InvoiceLinesTable lines={data.lines} />;
      if (active.section === "logs") return <WorkflowLogs caption="Invoice Workflow Logs" documents={data.logs} onOpen={onOpenDocument} />;
      return <InvoiceInformationPanel information={data.information} resendAction={slots.invoiceResendAction} />;
    }
    case "quote": {
      const { data } = active;
      if (active.section === "services") return <QuoteServiceLines lines={data.services} />;
      if (active.section === "attachments") return <QuoteAttachmentsTable attachments={data.attachments} />;
      if (active.section === "logs") return <WorkflowLogs caption="Quote Workflow Logs" documents={data.logs} onOpen={onOpenDocument} />;
      return <LabelledValues values={data.information} />;
    }
  }
}
