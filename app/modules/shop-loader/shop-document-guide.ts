import type { shopDocumentSchema } from "./shop-document";

type ShopDocumentField = keyof (typeof shopDocumentSchema)["shape"];

/** What the loader's page says of each field of a shop document: whether it is needed, and its form (shop-document.ts checks it). */
export const SHOP_DOCUMENT_FIELDS: ReadonlyArray<{ name: ShopDocumentField; required: boolean; rule: string }> = [
  { name: "repair_facility_id", required: true, rule: "Whole number above 0: the shop's Repair Facility Id." },
  { name: "master_location_id", required: true, rule: "Text or number, up to 64 characters; a shop with this id already is skipped." },
  { name: "license_num", required: true, rule: "1 to 6 digits, zero-padded to 6." },
  { name: "cust_name", required: true, rule: "The shop's name, up to 200 characters." },
  { name: "state_cd", required: true, rule: "A US state code such as TX; the state's name is filled in." },
  { name: "zip", required: true, rule: "5 digits." },
  { name: "print_name", required: false, rule: "Up to 200 characters." },
  { name: "primary_email", required: false, rule: "Up to 200 characters." },
  { name: "web_address", required: false, rule: "Up to 500 characters." },
  { name: "addr_line1", required: false, rule: "Up to 200 characters." },
  { name: "addr_line2", required: false, rule: "Up to 200 characters." },
  { name: "city", required: false, rule: "Up to 100 characters." },
  { name: "zip_extn", required: false, rule: "Up to 4 characters." },
  { name: "latitude", required: false, rule: "-90 to 90; with longitude, places the shop on the Coverage Map." },
  { name: "longitude", required: false, rule: "-180 to 180." },
  { name: "is_internal", required: false, rule: "Y or N (N when left out)." },
  { name: "tags", required: false, rule: "A list of up to 50 texts of up to 60 characters." },
];

/** A complete shop document, offered to start from (the loader's tests check that it loads). */
export const EXAMPLE_SHOP_DOCUMENT = {
  repair_facility_id: 480215,
  master_location_id: "ML-480215",
  license_num: "4821",
  cust_name: "Lakeside Collision Center",
  print_name: "Lakeside Collision",
  primary_email: "service@lakeside-collision.example",
  web_address: "https://lakeside-collision.example",
  addr_line1: "1200 Commerce Street",
  addr_line2: null,
  city: "Dallas",
  state_cd: "TX",
  zip: "75202",
  zip_extn: "4410",
  latitude: 32.7791,
  longitude: -96.8003,
  is_internal: "N",
  tags: ["ADAS", "OEM certified"],
} as const;

/** The example as the text area shows it. */
export const EXAMPLE_SHOP_DOCUMENT_TEXT = JSON.stringify(EXAMPLE_SHOP_DOCUMENT, null, 2);

/** The query that opens the loader with the example in its text area (a link, so it works without JavaScript). */
export const EXAMPLE_PARAM = "example";
