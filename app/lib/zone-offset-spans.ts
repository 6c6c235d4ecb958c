import { zoneOffsetAtMs } from "./zone-clock";

/** From `fromMs` until the next span's start, the zone reads UTC plus `offsetMs`. */
export interface ZoneOffsetSpan {
  fromMs: number;
  offsetMs: number;
}

const DAY_MS = 86_400_000;
const SECOND_MS = 1_000;
/** Readings of Intl between two turns of the event loop (about 3 ms of work). */
const SAMPLES_PER_TURN = 500;

/**
 * A zone's offsets from UTC over a stretch of time, as the runtime's own rules give them (the
 * rules every page's dates are written with, zone-clock.ts): the offset is read at every day's
 * start, and where two days differ, the second it changes is found by halving. A zone whose offset
 * changed and changed back within one day would be missed; no rule since 1970 does that. Reading
 * a zone over 40 years asks Intl about 15,000 times (70 ms here), so the work gives the event loop
 * back every SAMPLES_PER_TURN readings and callers keep the answer (zoneOffsetSpansCached).
 */
export async function zoneOffsetSpans(timeZone: string, fromMs: number, toMs: number): Promise<ZoneOffsetSpan[]> {
  let readings = 0;
  const offsetAt = (ms: number) => {
    readings++;
    return zoneOffsetAtMs(ms, timeZone);
  };
  const spans: ZoneOffsetSpan[] = [{ fromMs, offsetMs: offsetAt(fromMs) }];
  let knownMs = fromMs;
  let knownOffset = spans[0].offsetMs;
  while (knownMs < toMs) {
    if (readings >= SAMPLES_PER_TURN) {
      readings = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const nextMs = Math.min(toMs, Math.floor(knownMs / DAY_MS) * DAY_MS + DAY_MS);
    const nextOffset = offsetAt(nextMs);
    if (nextOffset === knownOffset) {
      knownMs = nextMs;
      continue;
    }
    // The offset changes in (knownMs, nextMs]: halve to the first second that reads the new one.
    let before = knownMs;
    let after = nextMs;
    while (after - before > SECOND_MS) {
      const middle = before + Math.floor((after - before) / 2 / SECOND_MS) * SECOND_MS;
      if (offsetAt(middle) === knownOffset) before = middle;
      else after = middle;
    }
    knownMs = after;
    knownOffset = offsetAt(after);
    if (knownMs < toMs) spans.push({ fromMs: knownMs, offsetMs: knownOffset });
  }
  return spans;
}

const cached = new Map<string, Promise<ZoneOffsetSpan[]>>();

/** zoneOffsetSpans, kept per zone and stretch for the life of the process (a few zones are in use). */
export function zoneOffsetSpansCached(timeZone: string, fromMs: number, toMs: number): Promise<ZoneOffsetSpan[]> {
  const key = `${timeZone} ${fromMs} ${toMs}`;
  let spans = cached.get(key);
  if (!spans) {
    spans = zoneOffsetSpans(timeZone, fromMs, toMs);
    if (cached.size >= 64) cached.clear();
    cached.set(key, spans);
  }
  return spans;
}
