/** Additional info of a special function (spec §3 "Special function info"). */
export interface SpecialFunctionInfo {
  title: string;
  description: string;
  precondition: string;
  failureReasons: string;
}

export const INFO_NOT_AVAILABLE = "Additional info is not available for this function.";

/** What the info route answers: the info, or null with the spec's message when none is published. */
export type SpecialFunctionInfoAnswer =
  { scriptNumber: string; info: SpecialFunctionInfo; message: null } | { scriptNumber: string; info: null; message: typeof INFO_NOT_AVAILABLE };

const SCRIPT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A script number as the results carry them ("SF-1001"); null for anything else. */
export function parseScriptNumber(value: string | null | undefined): string | null {
  return value && SCRIPT_NUMBER.test(value) ? value : null;
}

/** The element id of a special function's panel, for the no-JavaScript link's fragment. */
export function specialFunctionAnchor(scriptNumber: string): string {
  return `sf-${scriptNumber.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
