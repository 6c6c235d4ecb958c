import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KNOWN_KEYS, knownKeyProblem, MAPS_API_KEY, MAPS_TIME_ZONE_URL } from "~/modules/configurations/known-keys";
import { configurationEntries } from "../../seed/entities/configurations";

/**
 * The configuration keys the code reads, found in app/ itself: every call of a reader
 * (readConfigurationValue, readCodeLabels, readJsonConfiguration, isSettingOn,
 * readConfigurationEntries) and the string each argument stands for (a literal, or a constant
 * declared with a string literal anywhere in app/, or a member of an `as const` object of them).
 * An argument the scan cannot resolve fails the test, so a new reader cannot slip past it.
 */
const APP = path.resolve(__dirname, "../../app");
/** Where the readers are defined and pass on their own parameter. */
const READER_FILES = new Set([
  "platform/configuration/configuration-values.server.ts",
  "platform/configuration/json-configuration.server.ts",
  "platform/configuration/configuration-entries.server.ts",
]);
const READERS = ["readConfigurationValue", "readCodeLabels", "readJsonConfiguration", "isSettingOn", "readConfigurationEntries"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function constantsOf(sources: string[]): Map<string, Set<string>> {
  const constants = new Map<string, Set<string>>();
  const add = (name: string, value: string) => constants.set(name, (constants.get(name) ?? new Set()).add(value));
  for (const source of sources) {
    for (const match of source.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*(?::\s*[^=]+)?=\s*"([^"]+)"/g)) add(match[1], match[2]);
    for (const match of source.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*\{([^{}]*)\}\s*as const/g)) {
      for (const member of match[2].matchAll(/([A-Za-z_$][\w$]*)\s*:\s*"([^"]+)"/g)) add(`${match[1]}.${member[1]}`, member[2]);
    }
  }
  return constants;
}

function keysReadInApp(): { keys: Set<string>; unresolved: string[] } {
  const files = sourceFiles(APP).map((file) => ({ file: path.relative(APP, file).split(path.sep).join("/"), source: readFileSync(file, "utf8") }));
  const constants = constantsOf(files.map((entry) => entry.source));
  const keys = new Set<string>();
  const unresolved: string[] = [];
  const call = new RegExp(`(?<!function\\s)\\b(?:${READERS.join("|")})\\(\\s*(\\[[^\\]]*\\]|[^,)]+)`, "g");
  for (const { file, source } of files) {
    if (READER_FILES.has(file)) continue;
    for (const match of source.matchAll(call)) {
      const argument = match[1].trim();
      const parts = argument.startsWith("[")
        ? argument
            .slice(1, -1)
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
        : [argument];
      for (const part of parts) {
        const literal = /^["'`]([^"'`$]+)["'`]$/.exec(part);
        const values = literal ? [literal[1]] : [...(constants.get(part) ?? [])];
        if (values.length === 0) unresolved.push(`${file}: ${part}`);
        for (const value of values) keys.add(value);
      }
    }
  }
  return { keys, unresolved };
}

/** The keys the portal reads: each is known with its type and shape, the demo entries fit, others are refused with the key's message. */
describe("known configuration keys", () => {
  it("list every key the code reads (found by scanning app/)", () => {
    const { keys, unresolved } = keysReadInApp();
    expect(unresolved).toEqual([]);
    expect(keys.size).toBeGreaterThan(10);
    for (const key of [
      "REQUIRED_ROLES_FOR_PAGES",
      "ALL_VEHICLE_MAKES",
      "CCC_PROCEDURE_DESC_MAPPINGS",
      MAPS_API_KEY,
      MAPS_TIME_ZONE_URL,
      "quoteGrid",
      "ANALYTICS_KEY",
    ]) {
      expect(keys, key).toContain(key);
    }
    for (const key of keys) expect(KNOWN_KEYS[key], key).toBeDefined();
  });

  it("accept every demo entry of a known key", () => {
    const entries = configurationEntries([]).filter((entry) => KNOWN_KEYS[entry.key]);
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const entry of entries) {
      const value = entry.type === "ENCRYPT" ? "a secret" : entry.value;
      expect(knownKeyProblem(entry.key, entry.type, value), entry.key).toBeNull();
    }
  });

  it("refuse another type or shape with the key's message, and leave unknown keys alone", () => {
    const rolesMessage = "REQUIRED_ROLES_FOR_PAGES must be a JSON list of { pageName, requiredRoles: [role, ...] }";
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify({ pageName: "admin" }))).toBe(rolesMessage);
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify([{ pageName: "admin", requiredRoles: "DIP_ADMIN" }]))).toBe(rolesMessage);
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "TEXT", "[]")).toBe(rolesMessage);
    expect(knownKeyProblem("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify([{ pageName: "admin", requiredRoles: ["DIP_ADMIN"] }]))).toBeNull();
    expect(knownKeyProblem("ACCESS_TO_QUOTE", "JSON", JSON.stringify({ roles: ["DIP_ADMIN"], providerIds: ["1001"] }))).toMatch(/^ACCESS_TO_QUOTE must be/);
    expect(knownKeyProblem("ALLOWED_FOR_RESEND_RESULTS", "JSON", JSON.stringify({ Scan: "yes" }))).toMatch(/^ALLOWED_FOR_RESEND_RESULTS must be/);
    expect(knownKeyProblem("quoteGrid", "TEXT", "maybe")).toBe("quoteGrid must be TEXT: true or false");
    expect(knownKeyProblem("ANALYTICS_KEY", "ENCRYPT", "abc")).toBe("ANALYTICS_KEY must be TEXT");
    expect(knownKeyProblem("SOMETHING_ELSE", "JSON", "42")).toBeNull();
    expect(knownKeyProblem(MAPS_TIME_ZONE_URL, "TEXT", "ftp://maps.example/{key}")).toMatch(/^MAPS_TIME_ZONE_URL must be TEXT: an http or https address/);
    expect(knownKeyProblem(MAPS_TIME_ZONE_URL, "TEXT", "https://maps.example/timezone?key={key}")).toBeNull();
  });

  it("refuse a wrong shape for the provider editor's option lists and the maps key", () => {
    for (const key of ["ALL_VEHICLE_MAKES", "ALL_PROVIDER_SCAN_TYPES", "ALL_PROVIDER_SCAN_PERFORM_TYPES", "CCC_PROCEDURE_DESC_MAPPINGS"]) {
      const message = `${key} must be a list of { code, label }`;
      expect(knownKeyProblem(key, "LIST_CODE_LABELS", JSON.stringify([{ code: "", label: "Blank" }])), key).toBe(message);
      expect(knownKeyProblem(key, "LIST_CODE_LABELS", JSON.stringify({ code: "AUDI", label: "Audi" })), key).toBe(message);
      expect(knownKeyProblem(key, "JSON", JSON.stringify([{ code: "AUDI", label: "Audi" }])), key).toBe(message);
      expect(knownKeyProblem(key, "LIST_CODE_LABELS", JSON.stringify([{ code: "AUDI", label: "Audi" }])), key).toBeNull();
    }
    expect(knownKeyProblem(MAPS_API_KEY, "TEXT", "k-plain")).toBe("MAPS_API_KEY must be ENCRYPT: a secret");
    expect(knownKeyProblem(MAPS_API_KEY, "ENCRYPT", "k-secret")).toBeNull();
    expect(knownKeyProblem("PROVIDER_STATUS_OPTIONS", "JSON", JSON.stringify(["Success", ""]))).toBe(
      "PROVIDER_STATUS_OPTIONS must be a JSON list of non-empty strings",
    );
  });
});
