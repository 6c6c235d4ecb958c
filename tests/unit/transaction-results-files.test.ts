import { describe, expect, it } from "vitest";
import { previewBackLink, reportPreviewUrl, specialFunctionInfoUrl, withSpecialFunction } from "~/modules/transaction-results/links";
import { contentDisposition, contentTypeOf, downloadFileName, previewKindOf, reportFileType } from "~/modules/transaction-results/report-files";
import { parseScriptNumber, specialFunctionAnchor } from "~/modules/transaction-results/special-function-info";

describe("report files", () => {
  it("knows pdf, jpg, jpeg, gif and png, in any case, and nothing else", () => {
    expect(["pdf", "JPG", "jpeg", ".gif", "png"].map(reportFileType)).toEqual(["pdf", "jpg", "jpeg", "gif", "png"]);
    expect(["html", "svg", "", null, "constructor", "toString"].map(reportFileType)).toEqual([null, null, null, null, null, null]);
    expect(contentTypeOf("pdf")).toBe("application/pdf");
    expect(contentTypeOf("jpg")).toBe("image/jpeg");
    expect(previewKindOf("pdf")).toBe("pdf");
    expect(previewKindOf("gif")).toBe("image");
  });

  it("chooses a safe download name with the type's extension", () => {
    expect(downloadFileName("ScanReport_123.pdf", "pdf", 9)).toBe("ScanReport_123.pdf");
    expect(downloadFileName('../../etc/pass"wd.exe', "png", 9)).toBe("pass_wd.png");
    expect(downloadFileName("...", "pdf", 9)).toBe("report-9.pdf");
    expect(contentDisposition("inline", "a.pdf")).toBe('inline; filename="a.pdf"');
  });
});

describe("links", () => {
  it("lets the preview page go back only to a detail view", () => {
    expect(previewBackLink("/transactions/services/12?tab=reports", 5)).toBe("/transactions/services/12?tab=reports");
    expect(previewBackLink("https://evil.example/", 5)).toBe("/transactions/5?tab=reports");
    expect(previewBackLink("//evil.example/transactions/1", 5)).toBe("/transactions/5?tab=reports");
    expect(previewBackLink(null, 5)).toBe("/transactions/5?tab=reports");
    expect(reportPreviewUrl(5, 3, "/transactions/5?tab=reports")).toBe("/transactions/5/reports/3?back=%2Ftransactions%2F5%3Ftab%3Dreports");
  });

  it("sets and clears ?sf= keeping the rest of the query", () => {
    expect(withSpecialFunction("/transactions/5", "?tab=results", "SF-1001")).toBe("/transactions/5?tab=results&sf=SF-1001");
    expect(withSpecialFunction("/transactions/5", "?tab=results&sf=SF-1001", null)).toBe("/transactions/5?tab=results");
    expect(specialFunctionInfoUrl(5, "SF-1001")).toBe("/transactions/5/special-functions/SF-1001");
  });

  it("accepts script numbers as results carry them", () => {
    expect(parseScriptNumber("SF-1001")).toBe("SF-1001");
    expect(parseScriptNumber("../x")).toBeNull();
    expect(parseScriptNumber("")).toBeNull();
    expect(specialFunctionAnchor("SF.1")).toBe("sf-SF_1");
  });
});
