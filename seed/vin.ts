import type { Random } from "./random";

/**
 * Vehicle identification numbers that pass the North American check (ISO 3779 with the
 * position-9 check digit): 17 characters, upper case, never I, O or Q, the model year in
 * position 10.
 */

export const VIN_CHARSET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_CHARS = [...VIN_CHARSET];
const PLANT_CODES = [..."ABCDEFGHJKLMNPRSTUVWXYZ"];
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

function transliterate(char: string): number {
  if (char >= "0" && char <= "9") return char.charCodeAt(0) - 48;
  const values: Record<string, number> = {
    A: 1,
    B: 2,
    C: 3,
    D: 4,
    E: 5,
    F: 6,
    G: 7,
    H: 8,
    J: 1,
    K: 2,
    L: 3,
    M: 4,
    N: 5,
    P: 7,
    R: 9,
    S: 2,
    T: 3,
    U: 4,
    V: 5,
    W: 6,
    X: 7,
    Y: 8,
    Z: 9,
  };
  const value = values[char];
  if (value === undefined) throw new Error(`'${char}' cannot appear in a VIN`);
  return value;
}

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += transliterate(vin[i]) * WEIGHTS[i];
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** The position-10 code of a model year (2010 'A' ... 2030 'Y', then digits). */
export function modelYearCode(year: number): string {
  return YEAR_CODES[(((year - 2010) % 30) + 30) % 30];
}

export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(vin) && vin[8] === vinCheckDigit(vin);
}

export function makeVin(random: Random, wmi: string, year: number): string {
  let descriptor = "";
  for (let i = 0; i < 5; i++) descriptor += random.pick(VIN_CHARS);
  const plant = random.pick(PLANT_CODES);
  const serial = random.digits(6);
  const draft = `${wmi}${descriptor}0${modelYearCode(year)}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
