import { z } from "zod";
import { exactCount } from "~/lib/number-format";
import { US_STATE_NAMES } from "~/lib/us-state-names";

/**
 * A shop search-index document as pasted into the shop document loader (dashboards spec §2.8, §3
 * Shop search-index document, §5): the fields the portal keeps, checked before anything is written.
 */
export const MAX_SHOP_DOCUMENTS = 1_000;
/** The form field the documents are pasted in (the page renders it, so not in a .server module, whose exports the browser build drops). */
export const SHOP_LOADER_FIELD = "documents";
/** The pasted text's limit; the form's body limit is a little above it. */
export const MAX_PASTE_BYTES = 2 * 1024 * 1024;

export const SHOP_LOADER_MESSAGES = {
  empty: "Please paste one shop document or a list of them.",
  notJson: "The text is not JSON. Paste one shop document ({...}) or a list of them ([{...}, ...]).",
  notDocuments: "The JSON is not shop documents: paste one document ({...}) or a list of them ([{...}, ...]).",
  tooMany: `At most ${exactCount(MAX_SHOP_DOCUMENTS)} shop documents can be loaded at once. Please split the list.`,
  tooLarge: `The pasted text is larger than ${MAX_PASTE_BYTES / 1024 / 1024} MB. Please split the list.`,
  failed: { title: "Fail", message: "The shop documents could not be loaded. Nothing was added. Please try it again." },
} as const;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((value) => (value ? value : null));
const coordinate = (limit: number) =>
  z
    .union([z.number().min(-limit).max(limit), z.null()])
    .optional()
    .transform((value) => value ?? null);

export const shopDocumentSchema = z.object({
  repair_facility_id: z.number({ error: "repair_facility_id must be a whole number above 0." }).int().positive().max(2_147_483_647),
  master_location_id: z
    .union([text(64), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().min(1, "master_location_id is required.")),
  license_num: z
    .union([z.string().trim(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,6}$/, "license_num must be 1 to 6 digits."))
    .transform((digits) => digits.padStart(6, "0")),
  cust_name: text(200).min(1, "cust_name is required."),
  print_name: optionalText(200),
  primary_email: optionalText(200),
  web_address: optionalText(500),
  addr_line1: optionalText(200),
  addr_line2: optionalText(200),
  city: optionalText(100),
  state_cd: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => code in US_STATE_NAMES, "state_cd must be a US state code such as TX."),
  zip: z
    .union([z.string().trim(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().regex(/^\d{5}$/, "zip must be 5 digits.")),
  zip_extn: optionalText(4),
  latitude: coordinate(90),
  longitude: coordinate(180),
  is_internal: z.enum(["Y", "N"]).optional().default("N"),
  tags: z.array(text(60)).max(50).optional().default([]),
});
export type ShopDocument = z.infer<typeof shopDocumentSchema>;

/** One pasted record's fate, in the page's report. */
export type LoadedRecord =
  | { position: number; outcome: "added"; masterLocationId: string; name: string }
  | { position: number; outcome: "skipped"; masterLocationId: string; reason: string }
  | { position: number; outcome: "refused"; masterLocationId: string | null; reason: string };

export interface LoadReport {
  records: LoadedRecord[];
  added: number;
  skipped: number;
  refused: number;
}

/** The pasted text as a list of records, or the reason it is not one. */
export function pastedRecords(pasted: string): { records: unknown[] } | { problem: string } {
  const trimmed = pasted.trim();
  if (trimmed === "") return { problem: SHOP_LOADER_MESSAGES.empty };
  if (new TextEncoder().encode(trimmed).length > MAX_PASTE_BYTES) return { problem: SHOP_LOADER_MESSAGES.tooLarge };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { problem: SHOP_LOADER_MESSAGES.notJson };
  }
  const records = Array.isArray(value) ? value : [value];
  if (records.length === 0 || records.some((record) => record === null || typeof record !== "object" || Array.isArray(record)))
    return { problem: SHOP_LOADER_MESSAGES.notDocuments };
  if (records.length > MAX_SHOP_DOCUMENTS) return { problem: SHOP_LOADER_MESSAGES.tooMany };
  return { records };
}

/** The first problem of a record that is not a shop document, in words. */
export function documentProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The record is not a shop document.";
  const field = issue.path.join(".");
  return issue.message.includes(field) || field === "" ? issue.message : `${field}: ${issue.message}`;
}
