import { MantineProvider } from "@mantine/core";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { ReportsPanel } from "~/components/transaction-results/reports-panel";
import { ViewResultsPanel } from "~/components/transaction-results/view-results-panel";
import { parseScanResultPayload } from "~/modules/transaction-results/result-payload";
import { resultsBody, resultsTitle, type ViewResults } from "~/modules/transaction-results/view-results";

/**
 * The tabs as the server renders them, which is what a browser without JavaScript gets: links
 * for the special functions' panels and the report previews, the open panel of ?sf=, the spec's
 * words and scroll heights. (In the browser they are tested with the detail view that mounts them.)
 */
async function render(element: ReactElement, url: string): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(MantineProvider, null, createElement(StaticRouterProvider, { router, context, hydrate: false })));
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

const PAYLOAD = parseScanResultPayload({
  modules: [
    {
      moduleName: "Engine Control Module (ECM)",
      scanStatus: "Success",
      dtc: [{ code: "P0300", type: "Current", description: "Random/Multiple Cylinder Misfire Detected" }],
      datalist: [{ name: "Battery Voltage", value: "12.6 V" }],
      specialFunctions: [{ functionName: "Throttle Body Relearn", status: "Success", comments: "Completed within specification", scriptNumber: "SF-1006" }],
    },
    {
      moduleName: "Body Control Module (BCM)",
      scanStatus: "Fail",
      dtc: [],
      datalist: [],
      specialFunctions: [{ functionName: "Window Initialization", status: "Fail", comments: "", scriptNumber: "SF-1010" }],
    },
  ],
  services: [{ system: "ADAS", subsystems: "Camera", abbreviation: "FCM", description: "Forward camera calibration" }],
  sublet: [{ serviceType: "Alignment", description: "Four-wheel alignment" }],
});

function results(scanType: string, extra: Partial<ViewResults> = {}): ViewResults {
  return { scanRequestId: 5, scanType, title: resultsTitle(scanType), body: resultsBody(scanType, PAYLOAD), resultReport: null, openFunction: null, ...extra };
}

describe("ViewResultsPanel", () => {
  it("renders an ordinary scan: coloured modules, DTCs, no codes, data list, special functions as ?sf= links, services", async () => {
    const html = decode(
      await render(createElement(ViewResultsPanel, { results: results("Scan"), backTo: "/transactions/5?tab=results" }), "/transactions/5?tab=results"),
    );
    expect(html).toContain("Scan Results");
    expect(html).toMatch(/data-success="true"[^>]*>Engine Control Module \(ECM\)</);
    expect(html).toMatch(/data-success="false"[^>]*>Body Control Module \(BCM\)</);
    expect(html).toContain("P0300");
    expect(html).toContain("Current");
    expect(html).toContain("No Code(s) Returned");
    expect(html).toContain("12.6 V");
    expect(html).toContain('data-height="400"');
    expect(html).toContain('data-height="150"');
    expect(html).toContain('href="/transactions/5?tab=results&sf=SF-1006#sf-SF-1006"');
    expect(html).toContain('href="/transactions/5?tab=results&sf=SF-1010#sf-SF-1010"');
    expect(html).not.toContain("Additional info is not available for this function.");
  });

  it("renders the ?sf= panel open: the info, or the spec's message when none is published", async () => {
    const info = {
      title: "Electronic Throttle Body Relearn",
      description: "Learns the closed-throttle position.",
      precondition: "Engine warm.",
      failureReasons: "Vacuum leak.",
    };
    const open = decode(
      await render(
        createElement(ViewResultsPanel, {
          results: results("Scan", { openFunction: { scriptNumber: "SF-1006", info } }),
          backTo: "/transactions/5?tab=results",
        }),
        "/transactions/5?tab=results&sf=SF-1006",
      ),
    );
    expect(open).toContain("Electronic Throttle Body Relearn");
    expect(open).toContain("Vacuum leak.");
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain('href="/transactions/5?tab=results#sf-SF-1006"');

    const none = decode(
      await render(
        createElement(ViewResultsPanel, {
          results: results("Scan", { openFunction: { scriptNumber: "SF-1010", info: null } }),
          backTo: "/transactions/5?tab=results",
        }),
        "/transactions/5?tab=results&sf=SF-1010",
      ),
    );
    expect(none).toContain("Additional info is not available for this function.");
  });

  it("offers the result report's View (a link to the preview page) and Download", async () => {
    const html = decode(
      await render(
        createElement(ViewResultsPanel, {
          results: results("Scan", { resultReport: { reportId: 3, fileType: "pdf" } }),
          backTo: "/transactions/5?tab=results",
        }),
        "/transactions/5?tab=results",
      ),
    );
    expect(html).toContain('href="/transactions/5/reports/3?back=%2Ftransactions%2F5%3Ftab%3Dresults"');
    expect(html).toContain('href="/transactions/5/reports/3/file?download=1"');
  });

  it("renders Adas as Service Recommendations, and Sublet's service type and description", async () => {
    const adas = decode(await render(createElement(ViewResultsPanel, { results: results("Adas"), backTo: "/transactions/5" }), "/transactions/5"));
    expect(adas).toContain("Service Recommendations");
    for (const header of ["System", "Subsystems", "Abbreviation", "Description"]) expect(adas).toContain(`>${header}</th>`);
    expect(adas).toContain("FCM");
    expect(adas).not.toContain("Download");

    const sublet = decode(await render(createElement(ViewResultsPanel, { results: results("Sublet"), backTo: "/transactions/5" }), "/transactions/5"));
    expect(sublet).toContain("Sublet Results");
    expect(sublet).toContain(">Service Type</th>");
    expect(sublet).toContain("Four-wheel alignment");
  });
});

describe("ReportsPanel", () => {
  it("lists timestamp, type, source and a View link to the preview page", async () => {
    const tab = {
      scanRequestId: 5,
      reports: [
        {
          reportId: 3,
          createdAt: "May 01, 2026 10:00:00 AM CDT",
          type: "Result",
          source: "PROVIDER",
          fileName: "ScanReport_5.pdf",
          fileType: "pdf",
          preview: "pdf" as const,
        },
        {
          reportId: 4,
          createdAt: "May 01, 2026 10:00:01 AM CDT",
          type: "Result",
          source: "CCCONE",
          fileName: "ScanImage_5.png",
          fileType: "png",
          preview: null,
        },
      ],
    };
    const html = decode(await render(createElement(ReportsPanel, { tab, backTo: "/transactions/5?tab=reports" }), "/transactions/5?tab=reports"));
    for (const header of ["Timestamp", "Type", "Source", "View"]) expect(html).toContain(`>${header}</th>`);
    expect(html).toContain("May 01, 2026 10:00:00 AM CDT");
    expect(html).toContain("CCCONE");
    expect(html).toContain('href="/transactions/5/reports/3?back=%2Ftransactions%2F5%3Ftab%3Dreports"');
    expect(html).toContain('href="/transactions/5/reports/4?back=%2Ftransactions%2F5%3Ftab%3Dreports"');
  });
});
