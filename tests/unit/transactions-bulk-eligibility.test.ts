import { describe, expect, it } from "vitest";
import { canResendTogether } from "~/modules/transactions/bulk-eligibility";

describe("Available Actions rule", () => {
  const scan = (status: string) => ({ scanType: "Scan", status });

  it("needs at least one row", () => {
    expect(canResendTogether([])).toBe(false);
  });

  it("needs every row to be a Scan", () => {
    expect(canResendTogether([scan("COMPLETED"), scan("SUBMITTED")])).toBe(true);
    expect(canResendTogether([scan("COMPLETED"), { scanType: "Calibration", status: "COMPLETED" }])).toBe(false);
  });

  it("refuses any failed or cancelled row", () => {
    for (const status of [
      "CANCELLED",
      "FAILED",
      "FAILED (Request Error)",
      "FAILED (Rqst. Timeout)",
      "FAILED (Resp. Timeout)",
      "FAILED (Provider Failure)",
      "FAILED (Validation Error)",
    ]) {
      expect(canResendTogether([scan("COMPLETED"), scan(status)])).toBe(false);
    }
    expect(canResendTogether([scan("COMPLETED (CCCONE Error)")])).toBe(true);
  });
});
