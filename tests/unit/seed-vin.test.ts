import { describe, expect, it } from "vitest";
import { Random } from "../../seed/random";
import { VEHICLE_MAKES } from "../../seed/reference/vehicles";
import { isValidVin, makeVin, modelYearCode, vinCheckDigit } from "../../seed/vin";

describe("VINs", () => {
  it("compute the check digit of known VINs", () => {
    // Published examples with correct check digits.
    expect(vinCheckDigit("1M8GDM9AXKP042788")).toBe("X");
    expect(isValidVin("1M8GDM9AXKP042788")).toBe(true);
    expect(isValidVin("11111111111111111")).toBe(true);
    expect(isValidVin("1M8GDM9A1KP042788")).toBe(false);
    expect(isValidVin("1M8GDM9AXKP04278")).toBe(false);
    expect(isValidVin("1M8GDM9AXKP04278O")).toBe(false);
  });

  it("generates valid VINs with the make's WMI and the model year code", () => {
    const random = new Random("vins");
    for (const make of VEHICLE_MAKES) {
      for (let year = 2012; year <= 2027; year++) {
        const vin = makeVin(random, make.wmi[0], year);
        expect(isValidVin(vin), vin).toBe(true);
        expect(vin.startsWith(make.wmi[0])).toBe(true);
        expect(vin[9]).toBe(modelYearCode(year));
        expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      }
    }
    expect(modelYearCode(2010)).toBe("A");
    expect(modelYearCode(2024)).toBe("R");
    expect(modelYearCode(2026)).toBe("T");
  });
});
