import type { PortalDatabase } from "~/db/connect.server";
import type { IdPools } from "./hostile-input";

/**
 * How to tell, from a response body alone, whose rows it shows: the VINs of the rows (a VIN seen
 * only in one provider's rows marks that provider) and the links to rows' detail views
 * (/transactions/{scan request}, /transactions/services/{scan request}, /transactions/quotes/{quote},
 * /transactions/documents/{document}), whose ids the database maps to a provider.
 */

export interface ProviderMarkers {
  providerId: number;
  ownVins: ReadonlySet<string>;
  /** VINs of other providers' rows that no row of this provider has. */
  foreignVins: ReadonlySet<string>;
  /** Owning provider of each row a link can name, by kind ("scan", "quote", "document"). */
  owners: Readonly<Record<RowKind, ReadonlyMap<number, number>>>;
  /** Ids for forged requests: scan requests, quotes, documents, reports, shops and providers. */
  ids: IdPools;
}

type RowKind = "scan" | "quote" | "document";

export async function providerMarkers(database: PortalDatabase, providerId: number): Promise<ProviderMarkers> {
  const db = database.db;
  const vinRows = [
    ...(await db.selectFrom("scanRequests").select(["vin", "providerId"]).execute()),
    ...(await db.selectFrom("quotes").select(["vin", "providerId"]).execute()),
    ...(await db.selectFrom("scanResponses").select(["vin", "providerId"]).execute()),
  ];
  const ownVins = new Set(vinRows.filter((row) => row.vin && row.providerId === providerId).map((row) => row.vin as string));
  const foreignVins = new Set(vinRows.filter((row) => row.vin && row.providerId !== providerId && !ownVins.has(row.vin)).map((row) => row.vin as string));

  const scans = await db.selectFrom("scanRequests").select(["scanRequestId", "providerId", "shopId"]).execute();
  const quotes = await db.selectFrom("quotes").select(["quoteId", "providerId"]).execute();
  const documents = await db.selectFrom("transactionDocuments").select(["id", "scanRequestId", "quoteId"]).execute();
  const reports = await db.selectFrom("reportAttachments").select(["id", "scanRequestId"]).execute();
  const providers = await db.selectFrom("providers").select("providerId").execute();
  const scanOwner = new Map(scans.map((row) => [row.scanRequestId, row.providerId]));
  const quoteOwner = new Map(quotes.map((row) => [row.quoteId, row.providerId]));
  const documentOwner = new Map<number, number>();
  for (const row of documents) {
    const owner = row.scanRequestId !== null ? scanOwner.get(row.scanRequestId) : row.quoteId !== null ? quoteOwner.get(row.quoteId) : undefined;
    if (owner !== undefined) documentOwner.set(row.id, owner);
  }

  const owned = <T>(rows: readonly T[], id: (row: T) => number, owner: (row: T) => number | undefined, own: boolean) =>
    rows.filter((row) => (owner(row) === providerId) === own).map(id);
  const idsOf = (own: boolean) => [
    ...owned(
      scans,
      (row) => row.scanRequestId,
      (row) => row.providerId,
      own,
    ),
    ...owned(
      quotes,
      (row) => row.quoteId,
      (row) => row.providerId,
      own,
    ),
    ...owned(
      documents,
      (row) => row.id,
      (row) => documentOwner.get(row.id),
      own,
    ),
    ...owned(
      reports,
      (row) => row.id,
      (row) => scanOwner.get(row.scanRequestId),
      own,
    ),
    ...owned(
      scans,
      (row) => row.shopId,
      (row) => row.providerId,
      own,
    ),
    ...owned(
      providers,
      (row) => row.providerId,
      (row) => row.providerId,
      own,
    ),
  ];
  const unique = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
  const own = unique(idsOf(true));
  const ownSet = new Set(own);
  return {
    providerId,
    ownVins,
    foreignVins,
    owners: { scan: scanOwner, quote: quoteOwner, document: documentOwner },
    // An id shared by an own and a foreign row (a shop serving both) is no forgery.
    ids: { own, foreign: unique(idsOf(false)).filter((id) => !ownSet.has(id)) },
  };
}

const VIN = /\b[A-Z0-9]{17}\b/g;
/** A whole path segment of digits: `/transactions/1e2` (an id the visitor typed, echoed in a return path) names no row. */
const ROW_LINK = /\/transactions\/(?:(services|quotes|documents)\/)?(\d+)(?!\w)/g;

function kindOf(segment: string | undefined): RowKind {
  if (segment === "quotes") return "quote";
  if (segment === "documents") return "document";
  return "scan";
}

export interface RowsSeen {
  /** Rows of other providers (or, for `anyRow`, any row at all): VINs and linked rows. */
  forbidden: string[];
  /** Whether a row of the marked provider shows. */
  own: boolean;
}

/**
 * The rows a body shows. Values the request itself carried (a VIN or an id typed into a filter or
 * a path, echoed back in a form or a link) are the visitor's own words, not the portal's rows.
 * With anyRow (a signed-out visitor), every row counts as forbidden.
 */
export function rowsSeen(body: string, requestText: string, markers: ProviderMarkers, anyRow = false): RowsSeen {
  const echoed = new Set(requestText.toUpperCase().match(/[A-Z0-9]+/g) ?? []);
  const forbidden: string[] = [];
  let own = false;
  for (const [vin] of body.matchAll(VIN)) {
    if (echoed.has(vin)) continue;
    if (markers.ownVins.has(vin)) {
      own = true;
      if (anyRow) forbidden.push(`VIN ${vin}`);
    } else if (markers.foreignVins.has(vin)) {
      forbidden.push(`VIN ${vin}`);
    }
  }
  for (const [, segment, digits] of body.matchAll(ROW_LINK)) {
    if (echoed.has(digits)) continue;
    const kind = kindOf(segment);
    const owner = markers.owners[kind].get(Number(digits));
    if (owner === undefined) continue;
    if (owner === markers.providerId) {
      own = true;
      if (anyRow) forbidden.push(`${kind} ${digits}`);
    } else {
      forbidden.push(`${kind} ${digits} of provider ${owner}`);
    }
  }
  return { forbidden: [...new Set(forbidden)], own };
}
