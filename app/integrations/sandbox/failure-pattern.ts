/**
 * A built-in sandbox's deliberate failures (CCCONE_SANDBOX_FAIL, PROVIDER_SANDBOX_FAIL): a regular
 * expression that must match an id as a whole (a scan request id, a shop id), e.g. `\d*7` for ids
 * ending in 7 or `12|345` for those two. Never random: the same id always gets the same answer.
 */
export function compileFailurePattern(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

/** Null when the pattern is valid, else the reason. */
export function failurePatternProblem(pattern: string): string | null {
  try {
    compileFailurePattern(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
