/**
 * US states and cities for shop and provider addresses. Coordinates are the city's own (nudged
 * inland where a city sits on a state line, so a small jitter stays in the state); `bounds` is
 * the state's bounding box (south, west, north, east).
 */
export interface City {
  name: string;
  latitude: number;
  longitude: number;
  /** First three digits of the city's ZIP codes. */
  zipPrefix: string;
  areaCode: string;
}

export interface UsState {
  code: string;
  name: string;
  bounds: readonly [south: number, west: number, north: number, east: number];
  /** Relative number of collision shops. */
  weight: number;
  /** Sales tax applied to invoices, percent. */
  taxRate: number;
  cities: readonly City[];
}

function city(name: string, latitude: number, longitude: number, zipPrefix: string, areaCode: string): City {
  return { name, latitude, longitude, zipPrefix, areaCode };
}

export const US_STATES: readonly UsState[] = [
  {
    code: "AL",
    name: "Alabama",
    bounds: [30.14, -88.47, 35.01, -84.89],
    weight: 2,
    taxRate: 4,
    cities: [
      city("Birmingham", 33.5186, -86.8104, "352", "205"),
      city("Montgomery", 32.3668, -86.3, "361", "334"),
      city("Huntsville", 34.7304, -86.5861, "358", "256"),
    ],
  },
  {
    code: "AZ",
    name: "Arizona",
    bounds: [31.33, -114.82, 37.0, -109.04],
    weight: 3,
    taxRate: 5.6,
    cities: [
      city("Phoenix", 33.4484, -112.074, "850", "602"),
      city("Tucson", 32.2226, -110.9747, "857", "520"),
      city("Mesa", 33.4152, -111.8315, "852", "480"),
    ],
  },
  {
    code: "CA",
    name: "California",
    bounds: [32.53, -124.41, 42.01, -114.13],
    weight: 10,
    taxRate: 7.25,
    cities: [
      city("Los Angeles", 34.0522, -118.2437, "900", "213"),
      city("San Diego", 32.7757, -117.1011, "921", "619"),
      city("Sacramento", 38.5816, -121.4944, "958", "916"),
      city("Fresno", 36.7378, -119.7871, "937", "559"),
      city("San Jose", 37.3382, -121.8863, "951", "408"),
    ],
  },
  {
    code: "CO",
    name: "Colorado",
    bounds: [36.99, -109.06, 41.0, -102.04],
    weight: 3,
    taxRate: 2.9,
    cities: [
      city("Denver", 39.7392, -104.9903, "802", "303"),
      city("Colorado Springs", 38.8339, -104.8214, "809", "719"),
      city("Fort Collins", 40.5553, -105.0844, "805", "970"),
    ],
  },
  {
    code: "CT",
    name: "Connecticut",
    bounds: [40.98, -73.73, 42.05, -71.79],
    weight: 1,
    taxRate: 6.35,
    cities: [city("Hartford", 41.7658, -72.6734, "061", "860"), city("New Haven", 41.3283, -72.9279, "065", "203")],
  },
  {
    code: "FL",
    name: "Florida",
    bounds: [24.52, -87.63, 31.0, -80.03],
    weight: 8,
    taxRate: 6,
    cities: [
      city("Miami", 25.7817, -80.2418, "331", "305"),
      city("Orlando", 28.5383, -81.3792, "328", "407"),
      city("Tampa", 27.9906, -82.4572, "336", "813"),
      city("Jacksonville", 30.3322, -81.6857, "322", "904"),
    ],
  },
  {
    code: "GA",
    name: "Georgia",
    bounds: [30.36, -85.61, 35.0, -80.84],
    weight: 4,
    taxRate: 4,
    cities: [city("Atlanta", 33.749, -84.388, "303", "404"), city("Savannah", 32.0609, -81.1312, "314", "912"), city("Macon", 32.8407, -83.6324, "312", "478")],
  },
  {
    code: "IL",
    name: "Illinois",
    bounds: [36.97, -91.51, 42.51, -87.02],
    weight: 5,
    taxRate: 6.25,
    cities: [
      city("Chicago", 41.8781, -87.6798, "606", "312"),
      city("Springfield", 39.7817, -89.6501, "627", "217"),
      city("Peoria", 40.6936, -89.589, "616", "309"),
      city("Naperville", 41.7508, -88.1535, "605", "630"),
    ],
  },
  {
    code: "IN",
    name: "Indiana",
    bounds: [37.77, -88.1, 41.76, -84.78],
    weight: 2,
    taxRate: 7,
    cities: [
      city("Indianapolis", 39.7684, -86.1581, "462", "317"),
      city("Fort Wayne", 41.0793, -85.1394, "468", "260"),
      city("Evansville", 38.0016, -87.5311, "477", "812"),
    ],
  },
  {
    code: "KS",
    name: "Kansas",
    bounds: [36.99, -102.05, 40.0, -94.59],
    weight: 1,
    taxRate: 6.5,
    cities: [city("Wichita", 37.6872, -97.3301, "672", "316"), city("Overland Park", 38.9822, -94.7108, "662", "913")],
  },
  {
    code: "KY",
    name: "Kentucky",
    bounds: [36.5, -89.57, 39.15, -81.96],
    weight: 2,
    taxRate: 6,
    cities: [city("Louisville", 38.2227, -85.7085, "402", "502"), city("Lexington", 38.0406, -84.5037, "405", "859")],
  },
  {
    code: "LA",
    name: "Louisiana",
    bounds: [28.93, -94.04, 33.02, -88.82],
    weight: 2,
    taxRate: 4.45,
    cities: [
      city("New Orleans", 29.9511, -90.0715, "701", "504"),
      city("Baton Rouge", 30.4515, -91.1371, "708", "225"),
      city("Shreveport", 32.5252, -93.7002, "711", "318"),
    ],
  },
  {
    code: "MA",
    name: "Massachusetts",
    bounds: [41.24, -73.51, 42.89, -69.93],
    weight: 3,
    taxRate: 6.25,
    cities: [
      city("Boston", 42.3401, -71.0889, "021", "617"),
      city("Worcester", 42.2626, -71.8023, "016", "508"),
      city("Springfield", 42.1215, -72.5598, "011", "413"),
    ],
  },
  {
    code: "MD",
    name: "Maryland",
    bounds: [37.91, -79.49, 39.72, -75.05],
    weight: 2,
    taxRate: 6,
    cities: [city("Baltimore", 39.2904, -76.6122, "212", "410"), city("Frederick", 39.4143, -77.4105, "217", "301")],
  },
  {
    code: "MI",
    name: "Michigan",
    bounds: [41.7, -90.42, 48.31, -82.12],
    weight: 5,
    taxRate: 6,
    cities: [
      city("Detroit", 42.3714, -83.1058, "482", "313"),
      city("Grand Rapids", 42.9634, -85.6681, "495", "616"),
      city("Lansing", 42.7325, -84.5555, "489", "517"),
    ],
  },
  {
    code: "MN",
    name: "Minnesota",
    bounds: [43.5, -97.24, 49.38, -89.49],
    weight: 2,
    taxRate: 6.875,
    cities: [
      city("Minneapolis", 44.9778, -93.265, "554", "612"),
      city("Saint Paul", 44.9537, -93.09, "551", "651"),
      city("Rochester", 44.0121, -92.4802, "559", "507"),
    ],
  },
  {
    code: "MO",
    name: "Missouri",
    bounds: [35.99, -95.77, 40.61, -89.1],
    weight: 2,
    taxRate: 4.225,
    cities: [
      city("Kansas City", 39.0997, -94.54, "641", "816"),
      city("St. Louis", 38.627, -90.3, "631", "314"),
      city("Springfield", 37.209, -93.2923, "658", "417"),
    ],
  },
  {
    code: "NC",
    name: "North Carolina",
    bounds: [33.84, -84.32, 36.59, -75.46],
    weight: 4,
    taxRate: 4.75,
    cities: [
      city("Charlotte", 35.2271, -80.8431, "282", "704"),
      city("Raleigh", 35.7796, -78.6382, "276", "919"),
      city("Greensboro", 36.0726, -79.792, "274", "336"),
    ],
  },
  {
    code: "NJ",
    name: "New Jersey",
    bounds: [38.93, -75.56, 41.36, -73.89],
    weight: 3,
    taxRate: 6.625,
    cities: [
      city("Newark", 40.7357, -74.1924, "071", "973"),
      city("Trenton", 40.2371, -74.7229, "086", "609"),
      city("Edison", 40.5187, -74.4121, "088", "732"),
    ],
  },
  {
    code: "NV",
    name: "Nevada",
    bounds: [35.0, -120.01, 42.0, -114.04],
    weight: 1,
    taxRate: 6.85,
    cities: [city("Las Vegas", 36.1699, -115.1398, "891", "702"), city("Reno", 39.5296, -119.7838, "895", "775")],
  },
  {
    code: "NY",
    name: "New York",
    bounds: [40.5, -79.76, 45.02, -71.86],
    weight: 6,
    taxRate: 4,
    cities: [
      city("Buffalo", 42.8864, -78.8284, "142", "716"),
      city("Rochester", 43.1566, -77.6088, "146", "585"),
      city("Albany", 42.6526, -73.7862, "122", "518"),
      city("Syracuse", 43.0481, -76.1474, "132", "315"),
      city("Queens", 40.7282, -73.7949, "113", "718"),
    ],
  },
  {
    code: "OH",
    name: "Ohio",
    bounds: [38.4, -84.82, 41.98, -80.52],
    weight: 5,
    taxRate: 5.75,
    cities: [
      city("Columbus", 39.9612, -82.9988, "432", "614"),
      city("Cleveland", 41.4593, -81.6944, "441", "216"),
      city("Cincinnati", 39.16, -84.46, "452", "513"),
      city("Toledo", 41.6528, -83.5779, "436", "419"),
    ],
  },
  {
    code: "OK",
    name: "Oklahoma",
    bounds: [33.62, -103.0, 37.0, -94.43],
    weight: 2,
    taxRate: 4.5,
    cities: [city("Oklahoma City", 35.4676, -97.5164, "731", "405"), city("Tulsa", 36.154, -95.9928, "741", "918")],
  },
  {
    code: "OR",
    name: "Oregon",
    bounds: [41.99, -124.57, 46.29, -116.46],
    weight: 2,
    taxRate: 0,
    cities: [city("Portland", 45.48, -122.64, "972", "503"), city("Salem", 44.9429, -123.0351, "973", "503"), city("Eugene", 44.0521, -123.0868, "974", "541")],
  },
  {
    code: "PA",
    name: "Pennsylvania",
    bounds: [39.72, -80.52, 42.27, -74.69],
    weight: 5,
    taxRate: 6,
    cities: [
      city("Philadelphia", 39.99, -75.18, "191", "215"),
      city("Pittsburgh", 40.4406, -79.9959, "152", "412"),
      city("Harrisburg", 40.2732, -76.8867, "171", "717"),
      city("Allentown", 40.6084, -75.4902, "181", "610"),
    ],
  },
  {
    code: "TN",
    name: "Tennessee",
    bounds: [34.98, -90.31, 36.68, -81.65],
    weight: 3,
    taxRate: 7,
    cities: [
      city("Nashville", 36.1627, -86.7816, "372", "615"),
      city("Memphis", 35.12, -89.95, "381", "901"),
      city("Knoxville", 35.9606, -83.9207, "379", "865"),
    ],
  },
  {
    code: "TX",
    name: "Texas",
    bounds: [25.84, -106.65, 36.5, -93.51],
    weight: 9,
    taxRate: 6.25,
    cities: [
      city("Houston", 29.7604, -95.3698, "770", "713"),
      city("Dallas", 32.7767, -96.797, "752", "214"),
      city("San Antonio", 29.4241, -98.4936, "782", "210"),
      city("Austin", 30.2672, -97.7431, "787", "512"),
      city("Fort Worth", 32.7555, -97.3308, "761", "817"),
      city("El Paso", 31.8, -106.4, "799", "915"),
    ],
  },
  {
    code: "UT",
    name: "Utah",
    bounds: [37.0, -114.05, 42.0, -109.04],
    weight: 1,
    taxRate: 4.85,
    cities: [city("Salt Lake City", 40.7608, -111.891, "841", "801"), city("Provo", 40.2338, -111.6585, "846", "801")],
  },
  {
    code: "VA",
    name: "Virginia",
    bounds: [36.54, -83.68, 39.47, -75.24],
    weight: 3,
    taxRate: 5.3,
    cities: [
      city("Richmond", 37.5407, -77.436, "232", "804"),
      city("Virginia Beach", 36.8229, -76.048, "234", "757"),
      city("Norfolk", 36.8808, -76.2559, "235", "757"),
    ],
  },
  {
    code: "WA",
    name: "Washington",
    bounds: [45.54, -124.85, 49.0, -116.92],
    weight: 3,
    taxRate: 6.5,
    cities: [
      city("Seattle", 47.6062, -122.3321, "981", "206"),
      city("Spokane", 47.6588, -117.426, "992", "509"),
      city("Tacoma", 47.2529, -122.4443, "984", "253"),
    ],
  },
  {
    code: "WI",
    name: "Wisconsin",
    bounds: [42.49, -92.89, 47.31, -86.25],
    weight: 2,
    taxRate: 5,
    cities: [
      city("Milwaukee", 43.0389, -87.9365, "532", "414"),
      city("Madison", 43.0731, -89.4012, "537", "608"),
      city("Green Bay", 44.5133, -88.0133, "543", "920"),
    ],
  },
];

export const STREET_NAMES = [
  "Main St",
  "Oak Ave",
  "Industrial Pkwy",
  "Commerce Dr",
  "Airport Rd",
  "Elm St",
  "Maple Ave",
  "Washington Blvd",
  "Lincoln Hwy",
  "Park Ave",
  "Center St",
  "Market St",
  "Highland Ave",
  "River Rd",
  "Mill St",
  "Cedar Ln",
  "Harbor Dr",
  "Technology Way",
  "Enterprise Blvd",
  "State Route 9",
  "Frontage Rd",
  "Jefferson St",
  "Pine St",
  "Broadway",
  "Collins Ave",
  "Madison Ave",
  "Valley View Dr",
  "Lakeshore Dr",
  "Westgate Blvd",
  "Sunset Blvd",
] as const;

export const SUITE_PREFIXES = ["Suite", "Unit", "Bldg", "Bay"] as const;
