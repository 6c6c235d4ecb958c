const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;
/** Up to two days a duration reads in hours ("46 h 28 min"); from there in days ("3 d 4 h"). */
const HOURS_UP_TO_S = 2 * DAY_S;

/**
 * A duration in the two largest units a person would use (decision 0070): "42 sec", "3 min 12 sec"
 * (the spec's minutes and seconds), "46 h 28 min", "3 d 4 h". Cut, not rounded, so it never reads
 * longer than it was. "" for an unknown, negative or endless one.
 */
export function formatDuration(milliseconds: number | null | undefined): string {
  if (milliseconds === null || milliseconds === undefined || !Number.isFinite(milliseconds) || milliseconds < 0) return "";
  const seconds = Math.floor(milliseconds / SECOND_MS);
  if (seconds < MINUTE_S) return `${seconds} sec`;
  if (seconds < HOUR_S) return `${Math.floor(seconds / MINUTE_S)} min ${seconds % MINUTE_S} sec`;
  if (seconds < HOURS_UP_TO_S) return `${Math.floor(seconds / HOUR_S)} h ${Math.floor((seconds % HOUR_S) / MINUTE_S)} min`;
  return `${Math.floor(seconds / DAY_S)} d ${Math.floor((seconds % DAY_S) / HOUR_S)} h`;
}
