import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import { log } from "~/lib/logger.server";
import { failed, type ActionOutcome, type FormValues, type PopUpMessage } from "./action-outcome";

export interface RunActionOptions {
  /** The spec's words for this write breaking. */
  failure: PopUpMessage;
  /** The log line's message when it breaks. */
  logAs: string;
}

/** For a write whose answer is not an outcome: how its answer is made from the spec's words when it breaks. */
export interface RunActionAnswering<Result> extends RunActionOptions {
  answerFailure: (failure: PopUpMessage) => Result;
}

/** Remix's thrown answers (a redirect to sign in, a 404, `throw data(...)`): not failures. */
export function isThrownAnswer(error: unknown): boolean {
  if (error instanceof Response) return true;
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Runs a module's write so that an unexpected error becomes its "failed" outcome (or, for another
 * kind of answer, what answerFailure makes), logged once with the error, instead of a 500: no route
 * needs a try/catch. A database that does not answer is not this write's failure: it goes up to the
 * outage answer every route gives (503, decision 0017).
 */
export function runAction<Values = FormValues>(run: () => Promise<ActionOutcome<Values>>, options: RunActionOptions): Promise<ActionOutcome<Values>>;
export function runAction<Result>(run: () => Promise<Result>, options: RunActionAnswering<Result>): Promise<Result>;
export async function runAction<Result>(
  run: () => Promise<Result>,
  options: RunActionOptions & Partial<RunActionAnswering<Result>>,
): Promise<Result | ActionOutcome> {
  try {
    return await run();
  } catch (error) {
    if (isThrownAnswer(error) || isDatabaseUnavailable(error)) throw error;
    log.error(options.logAs, { error });
    return options.answerFailure ? options.answerFailure(options.failure) : failed(options.failure);
  }
}
