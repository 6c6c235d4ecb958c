import { describe, expect, it } from "vitest";
import { parseScanResultPayload } from "~/modules/transaction-results/result-payload";
import { hasSpecialFunction, offersResultReport, resultsBody, resultsTitle } from "~/modules/transaction-results/view-results";

/** scan_result_details as the seed writes it (seed/requests/scan-result.ts), and worse. */
const SCAN = {
  year: 2022,
  make: "TOYT",
  model: "Camry",
  vin: "4T1B11HK5NU000001",
  scanCompleteDateTime: "2026-05-01T10:00:00.000Z",
  modules: [
    {
      moduleName: "Engine Control Module (ECM)",
      scanStatus: "Success",
      dtc: [
        { code: "P0300", type: "Current", description: "Random/Multiple Cylinder Misfire Detected" },
        { code: "P0171", description: "System Too Lean (Bank 1)" },
      ],
      datalist: [{ name: "Battery Voltage", value: "12.6 V" }],
      specialFunctions: [{ functionName: "Throttle Body Relearn", status: "Success", comments: "Completed within specification", scriptNumber: "SF-1006" }],
    },
    {
      moduleName: "Body Control Module (BCM)",
      scanStatus: "Fail",
      dtc: [],
      datalist: [],
      specialFunctions: [{ functionName: "Window Initialization", status: "Fail", comments: "Aborted by technician", scriptNumber: "SF-1010" }],
    },
  ],
  services: [{ system: "ADAS", subsystems: "Camera", location: "Front", abbreviation: "FCM", description: "Forward camera calibration", notes: "" }],
  calibrationData: null,
  programmingData: null,
  sublet: [],
  primaryImpactCd: [1],
  secondaryImpactCd: [],
};

describe("scan result payload", () => {
  it("reads an ordinary scan: modules with success, DTCs with and without type, data list, special functions, services", () => {
    const payload = parseScanResultPayload(JSON.stringify(SCAN));
    expect(payload.modules).toHaveLength(2);
    const [ecm, bcm] = payload.modules;
    expect(ecm).toEqual({
      moduleName: "Engine Control Module (ECM)",
      success: true,
      dtcs: [
        { code: "P0300", type: "Current", description: "Random/Multiple Cylinder Misfire Detected" },
        { code: "P0171", type: null, description: "System Too Lean (Bank 1)" },
      ],
      dataList: [{ name: "Battery Voltage", value: "12.6 V" }],
      specialFunctions: [{ functionName: "Throttle Body Relearn", status: "Success", comments: "Completed within specification", scriptNumber: "SF-1006" }],
    });
    expect(bcm.success).toBe(false);
    expect(bcm.dtcs).toEqual([]);
    expect(bcm.specialFunctions[0].status).toBe("Fail");
    expect(payload.services).toEqual([{ system: "ADAS", subsystems: "Camera", abbreviation: "FCM", description: "Forward camera calibration" }]);

    const body = resultsBody("Scan", payload);
    expect(body).toMatchObject({ kind: "scan", resultsHeight: 400 });
    expect(hasSpecialFunction(body, "SF-1010")).toBe(true);
    expect(hasSpecialFunction(body, "SF-9999")).toBe(false);
    expect(resultsTitle("Scan")).toBe("Scan Results");
  });

  it("gives one module a 100 px results area", () => {
    const payload = parseScanResultPayload({ ...SCAN, modules: [SCAN.modules[1]] });
    expect(resultsBody("Scan", payload)).toMatchObject({ kind: "scan", resultsHeight: 100 });
  });

  it("shows services for Calibration, Programming and Adas, titled '{scanType} Results' or Service Recommendations", () => {
    const payload = parseScanResultPayload(SCAN);
    for (const scanType of ["Calibration", "Programming", "Adas"]) {
      expect(resultsBody(scanType, payload)).toEqual({ kind: "services", services: payload.services });
    }
    expect(resultsTitle("Calibration")).toBe("Calibration Results");
    expect(resultsTitle("Programming")).toBe("Programming Results");
    expect(resultsTitle("Adas")).toBe("Service Recommendations");
    expect(resultsTitle("Sublet")).toBe("Sublet Results");
  });

  it("shows Sublet's service type and description", () => {
    const payload = parseScanResultPayload({
      ...SCAN,
      modules: [],
      services: [],
      sublet: [{ serviceType: "Alignment", description: "Four-wheel alignment" }, { bogus: 1 }],
    });
    expect(resultsBody("Sublet", payload)).toEqual({ kind: "sublet", sublet: [{ serviceType: "Alignment", description: "Four-wheel alignment" }] });
  });

  it("has no body without a scan response", () => {
    expect(resultsBody("Scan", null)).toEqual({ kind: "none" });
  });

  it.each([
    ["not JSON", "{modules: ["],
    ["null", "null"],
    ["a number", "42"],
    ["an array", "[1,2]"],
    ["modules of the wrong type", JSON.stringify({ modules: "ECM", services: { system: "x" }, sublet: 3 })],
  ])("reads a malformed payload (%s) as empty results", (_name, stored) => {
    expect(parseScanResultPayload(stored)).toEqual({ modules: [], services: [], sublet: [] });
  });

  it("drops entries that are not objects and fills odd or missing fields with empty values", () => {
    const payload = parseScanResultPayload({
      modules: [
        "not a module",
        null,
        {
          moduleName: 7,
          scanStatus: "SUCCESS",
          dtc: [{ code: "U0100", type: null, description: null }, { description: "no code" }, "P0000", { code: "", description: "empty code" }],
          datalist: [{ name: "RPM", value: 800 }, { value: "orphan" }],
          specialFunctions: [{ functionName: "Mystery" }, 5],
        },
        {},
      ],
      services: [{ system: "Body" }, null],
    });
    expect(payload.modules).toEqual([
      {
        moduleName: "7",
        success: true,
        dtcs: [{ code: "U0100", type: null, description: "" }],
        dataList: [{ name: "RPM", value: "800" }],
        specialFunctions: [{ functionName: "Mystery", status: "Fail", comments: "", scriptNumber: "" }],
      },
      { moduleName: "", success: false, dtcs: [], dataList: [], specialFunctions: [] },
    ]);
    expect(payload.services).toEqual([{ system: "Body", subsystems: "", abbreviation: "", description: "" }]);
  });

  it("hides the result report's view and download for COMPLETED (CCCONE Error) only", () => {
    expect(offersResultReport("COMPLETED (CCCONE Error)")).toBe(false);
    expect(offersResultReport("COMPLETED")).toBe(true);
  });
});
