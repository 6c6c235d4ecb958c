/**
 * How many exports may download at once, per user and in this process (EXPORT_LIMIT_PER_USER,
 * EXPORT_LIMIT_TOTAL). Set once at start. Without a setting (tests calling loaders as functions)
 * the defaults apply.
 */
export interface ExportLimits {
  perUser: number;
  total: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { perUser: 2, total: 4 };

/** A slot held by one export; releasing it twice is harmless. */
export interface ExportSlot {
  release(): void;
}

/** Which limit refused an export. */
export type ExportRefusal = { refused: "user" | "total"; limits: ExportLimits };

export class ExportSlots {
  private running = 0;
  private readonly byUser = new Map<string, number>();

  constructor(readonly limits: ExportLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`The export limit ${name} must be a whole number of at least 1 (got ${value}).`);
    }
  }

  /** Exports holding a slot right now (for tests and diagnostics). */
  get inUse(): number {
    return this.running;
  }

  inUseBy(userId: string): number {
    return this.byUser.get(userId) ?? 0;
  }

  take(userId: string): ExportSlot | ExportRefusal {
    if (this.inUseBy(userId) >= this.limits.perUser) return { refused: "user", limits: this.limits };
    if (this.running >= this.limits.total) return { refused: "total", limits: this.limits };
    this.running++;
    this.byUser.set(userId, this.inUseBy(userId) + 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.running--;
        const left = this.inUseBy(userId) - 1;
        if (left > 0) this.byUser.set(userId, left);
        else this.byUser.delete(userId);
      },
    };
  }
}

export function isRefusal(result: ExportSlot | ExportRefusal): result is ExportRefusal {
  return "refused" in result;
}

let slots: ExportSlots | undefined;

/** New limits (at start, or in a test); slots held under the old ones are released to them. */
export function setExportLimits(limits: ExportLimits): void {
  slots = new ExportSlots(limits);
}

export function exportSlots(): ExportSlots {
  slots ??= new ExportSlots(DEFAULT_EXPORT_LIMITS);
  return slots;
}
