import type { SeedContext } from "../context";
import { SPECIAL_FUNCTIONS } from "../reference/diagnostics";

/** Additional info for the special functions scans report; some functions deliberately have none. */
export function seedSpecialFunctionInfo(context: SeedContext): void {
  for (const fn of SPECIAL_FUNCTIONS) {
    if (!fn.info) continue;
    context.sink.add("specialFunctionInfo", {
      scriptNumber: fn.scriptNumber,
      title: fn.info.title,
      description: fn.info.description,
      precondition: fn.info.precondition,
      failureReasons: fn.info.failureReasons,
    });
  }
}
