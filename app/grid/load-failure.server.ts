import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import { log } from "~/lib/logger.server";
import type { PopUpMessage } from "~/write-path/action-outcome";
import { isThrownAnswer } from "~/write-path/run-action.server";
import type { GridLoadFailure } from "./load-failure";

/**
 * A grid page that says so when its rows cannot be read: the screen's failure words in the grid's
 * place (the error logged once), never a 500 page. Remix's own answers (the redirect to the
 * canonical URL, the 404 page) and a database that does not answer (the 503 page, decision 0017)
 * go up as they are.
 */
export async function gridPageOrFailure<T>(load: () => Promise<T>, failure: PopUpMessage, logAs: string): Promise<T | GridLoadFailure> {
  try {
    return await load();
  } catch (error) {
    if (isThrownAnswer(error) || isDatabaseUnavailable(error)) throw error;
    log.error(logAs, { error });
    return { loadFailure: failure };
  }
}

/**
 * A page of rows whose spec says a failed search "only logs and empties the table" (dashboards §8:
 * shops and devices): the error logged once, an empty page; the same answers go up as above.
 */
export async function pageOrEmpty<Row>(load: () => Promise<{ rows: Row[]; total: number }>, logAs: string): Promise<{ rows: Row[]; total: number }> {
  try {
    return await load();
  } catch (error) {
    if (isThrownAnswer(error) || isDatabaseUnavailable(error)) throw error;
    log.error(logAs, { error });
    return { rows: [], total: 0 };
  }
}
