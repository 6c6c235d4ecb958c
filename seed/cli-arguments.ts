import { DEFAULT_SEED_SCALE } from "~/auth/demo-access";

/** The command line of `npm run seed`. */
export interface SeedArguments {
  scale: number;
  force: boolean;
  /** The lean benchmark data set (LEAN_SEED): documents and reports for the newest requests only. */
  lean: boolean;
  anchor: Date | undefined;
  help: boolean;
}

export class SeedArgumentError extends Error {}

export const MAX_SEED_SCALE = 10_000_000;

export const SEED_USAGE =
  "Usage: npm run seed -- [--scale N] [--force] [--lean] [--anchor YYYY-MM-DD]\n" +
  `  --scale N      scan requests to generate, 1 to ${MAX_SEED_SCALE} (default ${DEFAULT_SEED_SCALE})\n` +
  "  --force        empty the demo tables first, even when they hold data\n" +
  "  --lean         message documents and reports for the newest 40,000 requests only (a benchmark set)\n" +
  "  --anchor DATE  the day the data ends on, whole (default: today, UTC, up to now)\n" +
  "Environment: DATABASE_URL (postgres://... or a SQLite file under DATA_DIR), DATA_DIR (default data), DEMO_PASSWORD (default demo-portal)";

function parseScale(text: string | undefined): number {
  if (text === undefined || !/^\d+$/.test(text)) throw new SeedArgumentError(`--scale needs a whole number, got ${JSON.stringify(text ?? "")}.`);
  const scale = Number(text);
  if (scale < 1 || scale > MAX_SEED_SCALE) throw new SeedArgumentError(`--scale must be between 1 and ${MAX_SEED_SCALE}, got ${text}.`);
  return scale;
}

function parseAnchor(text: string | undefined): Date {
  const match = text === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.toISOString().slice(0, 10) !== text) {
    throw new SeedArgumentError(`--anchor needs a date as YYYY-MM-DD, got ${JSON.stringify(text ?? "")}.`);
  }
  return date;
}

export function parseSeedArguments(argv: readonly string[]): SeedArguments {
  const parsed: SeedArguments = { scale: DEFAULT_SEED_SCALE, force: false, lean: false, anchor: undefined, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inlineValue] =
      argv[i].startsWith("--") && argv[i].includes("=")
        ? [argv[i].slice(0, argv[i].indexOf("=")), argv[i].slice(argv[i].indexOf("=") + 1)]
        : [argv[i], undefined];
    const value = () => inlineValue ?? argv[++i];
    switch (flag) {
      case "--scale":
        parsed.scale = parseScale(value());
        break;
      case "--anchor":
        parsed.anchor = parseAnchor(value());
        break;
      case "--force":
      case "--lean":
        if (inlineValue !== undefined) throw new SeedArgumentError(`${flag} takes no value.`);
        parsed[flag === "--force" ? "force" : "lean"] = true;
        break;
      case "--help":
      case "-h":
        parsed.help = true;
        break;
      default:
        throw new SeedArgumentError(`Unknown argument ${JSON.stringify(argv[i])}.`);
    }
  }
  return parsed;
}
