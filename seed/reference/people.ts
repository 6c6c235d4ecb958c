/** Names for people, shops, multi-shop operators and insurers. All invented. */

export const FIRST_NAMES = [
  "James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "William", "Elizabeth",
  "Carlos", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Daniel", "Karen", "Matthew", "Nancy",
  "Anthony", "Lisa", "Mark", "Betty", "Steven", "Sandra", "Andrew", "Ashley", "Joshua", "Kimberly",
  "Kevin", "Emily", "Brian", "Donna", "Luis", "Michelle", "Jason", "Carol", "Ryan", "Amanda",
  "Jacob", "Melissa", "Gary", "Deborah", "Nicholas", "Stephanie", "Eric", "Rebecca", "Jonathan", "Laura",
  "Priya", "Wei", "Aisha", "Dmitri", "Fatima", "Hiro", "Keisha", "Mateo", "Nadia", "Omar",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Patel", "Kowalski", "Okafor", "Schmidt", "Novak", "Haddad", "Tanaka", "Olsen", "Brennan", "Castillo",
] as const;

export const SHOP_ADJECTIVES = [
  "Precision", "Quality", "Premier", "Elite", "Superior", "Classic", "Advanced", "Reliable", "Heritage",
  "Accurate", "True Line", "Express", "Pro Finish", "Crystal", "Northside", "Southside", "Eastside", "Westside",
] as const;

export const SHOP_NAME_PATTERNS = [
  "{city} Collision Center",
  "{last} Auto Body",
  "{last} & Sons Collision",
  "{adj} Auto Body & Paint",
  "{city} Paint & Body",
  "{last} Collision Repair",
  "{adj} Collision of {city}",
  "{adj} Body Works",
  "{last} Brothers Body Shop",
  "{city} Auto Rebuilders",
] as const;

/** Multi-shop operators; their shops are named "{brand} {city}". */
export const MULTI_SHOP_OPERATORS = [
  { name: "Summit Collision Group", brand: "Summit Collision" },
  { name: "Lakeside Auto Body Network", brand: "Lakeside Auto Body" },
  { name: "Pinnacle Repair Partners", brand: "Pinnacle Collision" },
  { name: "Heartland Collision Centers", brand: "Heartland Collision" },
  { name: "Blue Sky Body Shops", brand: "Blue Sky Body Shop" },
] as const;

export const INSURANCE_COMPANIES = [
  { name: "Great Lakes Mutual", code: "GLM" },
  { name: "Pioneer Casualty", code: "PIC" },
  { name: "Bluewater Insurance", code: "BWI" },
  { name: "Summit National Insurance", code: "SNI" },
  { name: "Harbor Auto Insurance", code: "HAI" },
  { name: "Frontier General", code: "FGI" },
] as const;

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
