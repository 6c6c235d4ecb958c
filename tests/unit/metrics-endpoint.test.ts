import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { metricsEndpoint } from "~/http/metrics-endpoint.server";
import { portalMetrics, recordRequest, statusClass } from "~/lib/metrics.server";

describe("GET /metrics without METRICS_TOKEN", () => {
  it("serves nothing: the request goes on, to the portal's 404 page", () => {
    const next = vi.fn();
    const send = vi.fn();
    metricsEndpoint(undefined)({ headers: { authorization: "Bearer anything-at-all-here" } } as Request, { send } as unknown as Response, next as NextFunction);
    expect(next).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
  });
});

describe("the metrics' label values", () => {
  it("name status classes, and any method outside HTTP's usual ones as OTHER", async () => {
    expect([100, 204, 302, 404, 503, 999].map(statusClass)).toEqual(["1xx", "2xx", "3xx", "4xx", "5xx", "5xx"]);
    recordRequest("routes/_shell.home", "BREW", 200, 0.01);
    const text = await portalMetrics().registry.getSingleMetricAsString("portal_http_requests_total");
    expect(text).toContain('portal_http_requests_total{route="routes/_shell.home",method="OTHER",status_class="2xx"} 1');
    expect(text).not.toContain("BREW");
  });
});
