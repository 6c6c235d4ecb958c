import fc from "fast-check";
import { RESEND_FIELDS, SINGLE_RESEND_FIELDS } from "~/modules/resend/form-fields";
import { FORM_BODY_LIMIT_BYTES } from "~/write-path/read-form.server";
import { HOSTILE_TARGETS } from "./hostile-targets";

/**
 * fast-check generators of hostile requests for the route walk (tests/integration/
 * hostile-input-walk.test.ts): query strings for every page, bodies for every action. They know
 * no route: the names and values they start from are harvested from the portal's own pages (the
 * Vocabulary), and the ids from the database, so a new route or form is walked without anyone
 * listing it.
 */

/** What the portal's pages show: field and parameter names, and values they use themselves. */
export interface Vocabulary {
  /** Names of form fields and query parameters seen on the pages. */
  names: readonly string[];
  /** Values of query parameters in the pages' links (sort keys, page sizes, filter values...). */
  linkValues: readonly string[];
  /**
   * Every value a page offers (hidden inputs such as intents and one-time tokens, options, link
   * values). Generated bodies never use one, so no body is a valid submission by accident.
   */
  offeredValues: ReadonlySet<string>;
  /** The fields of the forms that submit to a path, by the path's shape (formTarget). */
  formFields: ReadonlyMap<string, readonly string[]>;
}

/** A path with its numeric segments as `#`: forms for /transactions/4/resend submit to the route of /transactions/1/resend. */
export function formTarget(pathname: string): string {
  return pathname.replace(/\/\d+(?=\/|$)/g, "/#");
}

/** Ids of rows in the database: those of other providers than the provider-only visitor's, and their own. */
export interface IdPools {
  foreign: readonly number[];
  own: readonly number[];
}

/** A request to send as it is: the path goes on the wire byte for byte. */
export interface HostileRequest extends fc.WithToStringMethod {
  method: string;
  /** Path and query, with only characters Node accepts in a request line (0x21-0xff). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** How the case was built, for the report. */
  family: string;
}

/**
 * Parameter names every page of the kind might read, besides those harvested: the grid's, the
 * resend forms' (whose POST forms show only for a selection the walk's pages may not offer),
 * Remix's own, and names that trip naive parsers.
 */
const WELL_KNOWN_NAMES = [
  "page",
  "size",
  "sort",
  "dir",
  "cols",
  "expanded",
  "from",
  "to",
  "panel",
  "provider",
  "shop",
  "status",
  "vin",
  ...Object.values(RESEND_FIELDS),
  ...Object.values(SINGLE_RESEND_FIELDS),
  "id",
  "intent",
  "index",
  "_data",
  "_routes",
  "__proto__",
  "constructor",
  "prototype",
  "a[b]",
  "a.b",
  "",
];

/** Percent-escapes that are malformed, double-encoded, overlong or control characters. */
const RAW_ESCAPES = [
  "%",
  "%2",
  "%zz",
  "%ff",
  "%FF%FE",
  "%E0%A4%A",
  "%C0%AF",
  "%ED%A0%80",
  "%00",
  "%0D%0A",
  "%2526",
  "%25",
  "%u0041",
  "+",
  "%2B",
  "&",
  "=",
  ";",
  "%3B",
  "%23",
];

const NUMERIC_TEXT = [
  "-1",
  "0",
  "-0",
  "1.5",
  "1e3",
  "1e308",
  "-1e308",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "0b1",
  "010",
  " 1",
  "1 ",
  "9007199254740993",
  "99999999999999999999999",
  "2147483648",
  "-2147483649",
  "١٢٣",
  "１２",
];

const DATE_TEXT = [
  "0000-00-00",
  "0000-01-01",
  "9999-12-31",
  "10000-01-01",
  "+275760-09-13",
  "-271821-04-19",
  "2024-02-30",
  "2024-13-01",
  "2024-00-10",
  "2023-02-29",
  "1969-12-31",
  "1970-01-01T00:00:00Z",
  "2024-01-01T25:61:61",
  "today",
  "yesterday",
  "20240101",
  "2024/01/01",
  "01/02/2024",
  "2024-1-1",
];

const INJECTION_TEXT = [
  "' OR '1'='1",
  "'; drop table scan_requests; --",
  '" OR ""="',
  "1; select pg_sleep(1)",
  "%",
  "_",
  "\\",
  "*",
  "%_%",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "${7*7}",
  "{{7*7}}",
  "../../etc/passwd",
  "..\\..\\boot.ini",
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)",
  "[]",
  "{}",
  "null",
  "undefined",
  "true",
  "false",
  "[object Object]",
];

const CONTROL_TEXT = [
  "\u0000",
  "a\u0000b",
  "\r\n",
  "\n",
  "\t",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u2028",
  "\u200b",
  "\ufeff",
  "\ud800",
  "\udfff",
  "\uffff",
  "😀",
  "e\u0301",
  "ß",
  "İ",
  "Ⅻ",
  "עברית",
  "مرحبا",
];

/** A text value no page offers: empty, unicode, control characters, NUL, numbers, dates, injections, huge. */
export function hostileText(options: { maxHuge: number }): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(""), weight: 2 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 2 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 2 },
    { arbitrary: fc.constantFrom(...CONTROL_TEXT), weight: 3 },
    { arbitrary: fc.constantFrom(...NUMERIC_TEXT), weight: 3 },
    { arbitrary: fc.integer().map(String), weight: 1 },
    { arbitrary: fc.double().map(String), weight: 1 },
    { arbitrary: fc.constantFrom(...DATE_TEXT), weight: 2 },
    { arbitrary: fc.constantFrom(...INJECTION_TEXT), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_TARGETS), weight: 2 },
    {
      arbitrary: fc.tuple(fc.constantFrom("x", "9", "é", "\u0000", ","), fc.integer({ min: 256, max: options.maxHuge })).map(([unit, n]) => unit.repeat(n)),
      weight: 1,
    },
  );
}

/** A value for a field or parameter: hostile text, an id (another provider's, most often), or an array-ish list of them. */
function hostileValue(ids: IdPools, maxHuge: number, extra: fc.Arbitrary<string>[] = []): fc.Arbitrary<string> {
  const id = idValue(ids);
  return fc.oneof(
    { arbitrary: hostileText({ maxHuge }), weight: 6 },
    { arbitrary: id, weight: 3 },
    { arbitrary: fc.array(id, { minLength: 2, maxLength: 5 }).map((list) => list.join(",")), weight: 1 },
    ...extra.map((arbitrary) => ({ arbitrary, weight: 3 })),
  );
}

/** An id: another provider's row (forged), the visitor's own, or one no row has. */
export function idValue(ids: IdPools): fc.Arbitrary<string> {
  const pick = (pool: readonly number[]) => (pool.length > 0 ? fc.constantFrom(...pool).map(String) : fc.nat().map(String));
  return fc.oneof(
    { arbitrary: pick(ids.foreign), weight: 4 },
    { arbitrary: pick(ids.own), weight: 1 },
    { arbitrary: fc.constantFrom("0", "-1", "1.0", "1e2", "99999999999", "18446744073709551617", "abc", ""), weight: 1 },
  );
}

/** A parameter name: one a page uses (most often), a well-known one, or anything. */
function hostileName(vocabulary: Vocabulary): fc.Arbitrary<string> {
  const harvested = vocabulary.names.length > 0 ? [{ arbitrary: fc.constantFrom(...vocabulary.names), weight: 6 }] : [];
  return fc.oneof(
    ...harvested,
    { arbitrary: fc.constantFrom(...WELL_KNOWN_NAMES), weight: 3 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
    { arbitrary: fc.constantFrom(...CONTROL_TEXT), weight: 1 },
  );
}

/** Bytes as %XX, except the characters that never need it: any string (lone surrogates too) gives a valid escape. */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

type Pair = [string, string];

/** Short enough to read in a failure report (a body may be over a megabyte). */
function cut(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

function hostileRequest(fields: Omit<HostileRequest, typeof fc.toStringMethod>): HostileRequest {
  return {
    ...fields,
    [fc.toStringMethod]: () =>
      `${fields.method} ${cut(fields.path)} ${JSON.stringify(fields.headers)} [${fields.family}]${fields.body ? ` body ${JSON.stringify(cut(fields.body.toString("utf8")))}` : ""}`,
  };
}

/** Pairs as a query or form string: well encoded, or with malformed escapes and separators spliced in. */
function encodePairs(pairs: readonly Pair[], raw: readonly string[] | null): string {
  return pairs
    .map(([name, value], index) => {
      const splice = raw ? raw[index % raw.length] : "";
      return `${percentEncode(name)}=${percentEncode(value)}${splice}`;
    })
    .join("&");
}

function pairsArbitrary(vocabulary: Vocabulary, ids: IdPools, maxHuge: number, valueExtras: fc.Arbitrary<string>[], maxPairs: number): fc.Arbitrary<Pair[]> {
  const value = hostileValue(ids, maxHuge, valueExtras);
  const pair = fc.tuple(hostileName(vocabulary), value);
  // Repeated keys (arrays for scalars) come from pairs sharing a name.
  const repeated = fc
    .tuple(hostileName(vocabulary), fc.array(value, { minLength: 2, maxLength: 6 }))
    .map(([name, values]) => values.map((v): Pair => [name, v]));
  return fc.tuple(fc.array(pair, { maxLength: maxPairs }), fc.option(repeated, { nil: undefined })).map(([pairs, more]) => [...pairs, ...(more ?? [])]);
}

/** Most strings are well encoded (the routes see the values); one in three carries malformed escapes. */
const rawSplices = fc.oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.array(fc.constantFrom(...RAW_ESCAPES), { minLength: 1, maxLength: 4 }), weight: 1 },
);

/** Where a page is asked for: its sample path with ids swapped (another provider's, nonsense), or its single-fetch data URL. */
function pathVariant(samplePathname: string, ids: IdPools): fc.Arbitrary<string> {
  const segments = samplePathname.split("/");
  const numeric = segments.map((segment, index) => (/^\d+$/.test(segment) ? index : -1)).filter((index) => index >= 0);
  const swaps = fc.array(fc.option(idValue(ids), { nil: null, freq: 2 }), { minLength: numeric.length, maxLength: numeric.length });
  return fc.tuple(swaps, fc.oneof({ arbitrary: fc.constant(false), weight: 6 }, { arbitrary: fc.constant(true), weight: 1 })).map(([swapped, asData]) => {
    const out = [...segments];
    numeric.forEach((segmentIndex, i) => {
      const replacement = swapped[i];
      if (replacement !== null && replacement !== undefined) out[segmentIndex] = percentEncode(replacement);
    });
    const pathname = out.join("/");
    if (!asData) return pathname;
    return pathname === "/" ? "/_root.data" : `${pathname}.data`;
  });
}

/** GET (now and then HEAD) of a page with a hostile query string. */
export function hostilePageRequest(samplePath: string, vocabulary: Vocabulary, ids: IdPools): fc.Arbitrary<HostileRequest> {
  const [samplePathname, sampleQuery = ""] = samplePath.split("?");
  const linkValues = vocabulary.linkValues.length > 0 ? [fc.constantFrom(...vocabulary.linkValues)] : [];
  return fc
    .record({
      pathname: pathVariant(samplePathname, ids),
      keepSampleQuery: fc.boolean(),
      pairs: pairsArbitrary(vocabulary, ids, 6_000, linkValues, 8),
      raw: rawSplices,
      method: fc.oneof({ arbitrary: fc.constant("GET"), weight: 9 }, { arbitrary: fc.constant("HEAD"), weight: 1 }),
    })
    .map(({ pathname, keepSampleQuery, pairs, raw, method }) => {
      const query = [keepSampleQuery ? sampleQuery : "", encodePairs(pairs, raw)].filter((part) => part !== "").join("&");
      return hostileRequest({
        method,
        path: query === "" ? pathname : `${pathname}?${query}`,
        headers: {},
        family: `query${raw ? "-raw" : ""}${pathname.endsWith(".data") ? "-data" : ""}`,
      });
    });
}

const MULTIPART_GARBAGE = [
  "garbage",
  "--xx\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--xx--\r\n",
  '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
  "--xx--",
  '--yy\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--yy--\r\n',
  "\r\n\r\n\r\n",
];

function multipart(pairs: readonly Pair[], filesFor: ReadonlySet<number>, boundary: string): string {
  const parts = pairs.map(([name, value], index) => {
    const quotedName = name.replace(/["\r\n]/g, "_");
    const disposition = filesFor.has(index)
      ? `form-data; name="${quotedName}"; filename="x.bin"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${quotedName}"`;
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
  });
  return `${parts.join("")}--${boundary}--\r\n`;
}

/** Content types that are not a form, or a form type with parameters nobody sends. */
const NOT_FORM_TYPES = [
  "application/json",
  "text/plain",
  "application/xml",
  "text/xml",
  "application/octet-stream",
  "text/html",
  "application/x-www-form-urlencoded-but-not",
  "*/*",
  "",
  "multipart/mixed; boundary=xx",
  "application/graphql",
];

/**
 * A body for an action, never a valid submission: values are hostile or another provider's ids,
 * never a value a page offers (an intent, a topic code, a one-time token), so a body that parses
 * still fails validation. Families: forms (urlencoded, with malformed escapes, multipart with
 * files for scalars), not-a-form content types, malformed multipart, empty, over the 1 MiB limit.
 */
export function hostileActionRequest(samplePath: string, vocabulary: Vocabulary, ids: IdPools, origin: string): fc.Arbitrary<HostileRequest> {
  const [samplePathname] = samplePath.split("?");
  // The route's own form, each field present four times in five with a hostile value (missing
  // fields), then extra and repeated fields of any name.
  const fields = vocabulary.formFields.get(formTarget(samplePathname)) ?? [];
  const value = hostileValue(ids, 200_000);
  const ownForm = fc.tuple(...fields.map((name) => fc.option(fc.tuple(fc.constant(name), value), { nil: undefined, freq: 5 })));
  const pairs = fc
    .tuple(ownForm, pairsArbitrary(vocabulary, ids, 200_000, [], fields.length > 0 ? 4 : 10))
    .map(([own, extra]) => [...own.filter((pair): pair is Pair => pair !== undefined), ...extra])
    .map((list) => list.filter(([, text]) => !vocabulary.offeredValues.has(text) || /^-?\d+$/.test(text)));
  const method = fc.oneof({ arbitrary: fc.constant("POST"), weight: 12 }, { arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE"), weight: 1 });
  const query = fc.oneof(
    { arbitrary: fc.constant(""), weight: 6 },
    {
      arbitrary: fc.constantFrom("index", "_data=routes%2F_shell", "_data=root", "returnTo=%2F%2Fevil.com", "back=%2F.%2F%2Fevil.com", "_routes=root"),
      weight: 1,
    },
    { arbitrary: pairsArbitrary(vocabulary, ids, 2_000, [], 4).map((list) => encodePairs(list, null)), weight: 1 },
  );
  const originHeader = fc.oneof(
    { arbitrary: fc.constant<string | null>(origin), weight: 10 },
    { arbitrary: fc.constantFrom<string | null>(null, "null", "https://evil.example"), weight: 1 },
  );

  type Body = { contentType: string | null; body: string | Buffer; family: string };
  const urlencoded = fc
    .tuple(
      pairs,
      rawSplices,
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=utf-16",
        "APPLICATION/X-WWW-FORM-URLENCODED",
        "application/x-www-form-urlencoded;;;",
      ),
    )
    .map(([list, raw, contentType]): Body => ({ contentType, body: encodePairs(list, raw), family: raw ? "form-raw" : "form" }));
  const formdata = fc.tuple(pairs, fc.array(fc.nat({ max: 12 }), { maxLength: 3 })).map(([list, files]): Body => {
    const boundary = "----hostile-walk-boundary";
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: multipart(list, new Set(files), boundary), family: "multipart" };
  });
  const brokenMultipart = fc
    .tuple(
      fc.constantFrom(...MULTIPART_GARBAGE),
      fc.constantFrom("multipart/form-data; boundary=xx", "multipart/form-data", "multipart/form-data; boundary=", 'multipart/form-data; boundary="unclosed'),
    )
    .map(([body, contentType]): Body => ({ contentType, body, family: "multipart-malformed" }));
  const notAForm = fc
    .tuple(fc.constantFrom(...NOT_FORM_TYPES), fc.oneof(fc.json(), fc.string(), fc.constantFrom("<a>1</a>", "a=1&b=2", "\u0000")))
    .map(([contentType, body]): Body => ({ contentType: contentType === "" ? null : contentType, body, family: "not-a-form" }));
  const empty = fc.constantFrom<Body>(
    { contentType: null, body: "", family: "empty" },
    { contentType: "application/x-www-form-urlencoded", body: "", family: "empty" },
    { contentType: "multipart/form-data; boundary=xx", body: "", family: "empty" },
  );
  const huge = fc
    .tuple(fc.integer({ min: FORM_BODY_LIMIT_BYTES - 64 * 1024, max: FORM_BODY_LIMIT_BYTES + 64 * 1024 }), fc.constantFrom("message", "ids", "token", "x"))
    .map(([size, name]): Body => ({
      contentType: "application/x-www-form-urlencoded",
      body: `${name}=${"x".repeat(size)}`,
      family: size + name.length + 1 > FORM_BODY_LIMIT_BYTES ? "over-limit" : "near-limit",
    }));
  const body = fc.oneof(
    { arbitrary: urlencoded, weight: 8 },
    { arbitrary: formdata, weight: 3 },
    { arbitrary: brokenMultipart, weight: 2 },
    { arbitrary: notAForm, weight: 3 },
    { arbitrary: empty, weight: 1 },
    { arbitrary: huge, weight: 1 },
  );

  return fc
    .record({ pathname: pathVariant(samplePathname, ids), query, method, body, origin: originHeader })
    .map(({ pathname, query, method, body, origin }) => {
      const headers: Record<string, string> = {};
      if (body.contentType !== null) headers["Content-Type"] = body.contentType;
      if (origin !== null) headers.Origin = origin;
      return hostileRequest({
        method,
        path: query === "" ? pathname : `${pathname}?${query}`,
        headers,
        body: Buffer.from(body.body),
        family: body.family,
      });
    });
}
