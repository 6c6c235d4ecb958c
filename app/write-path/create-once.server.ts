import { z } from "zod";
import { log } from "~/lib/logger.server";
import { conflict, done, failed, refused, type ActionOutcome, type PopUpMessage } from "./action-outcome";
import { CREATE_FORM_FIELDS } from "./create-form";
import {
  checkFormToken,
  claimToken,
  finishToken,
  POLL_MS,
  readClaim,
  releaseToken,
  WAIT_FOR_FIRST_MS,
  type FormOutcome,
  type FormPurpose,
} from "./one-time-form.server";

/** One create form as sent: its kind, its token, and the user who sent it. */
export interface CreateForm {
  purpose: FormPurpose;
  token: string;
  userId: string;
}

/** A create form's schema: its own fields and the token. */
export function withFormToken<Schema extends z.ZodType>(fields: Schema) {
  return z.intersection(z.object({ [CREATE_FORM_FIELDS.token]: z.string().optional() }), fields);
}

/** A create form's words (each screen's own: createFormWords). */
export interface CreateOnceWords {
  /** A token not issued to this user for this form, or expired before it was used: the form is to be opened again. */
  formNotIssued: string;
  /** The answer while the first POST of the same form has not finished after the wait. */
  stillAdding: string;
}

export interface CreateOnceOptions {
  now?: () => Date;
  waitForFirstMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stored(outcome: Exclude<ActionOutcome, { kind: "refused" }>): FormOutcome {
  const { title, message, lines = [] } = outcome.message;
  return { kind: outcome.kind, title, message, lines, ...(outcome.kind === "done" && outcome.back ? { back: outcome.back } : {}) };
}

/** The first POST's answer again, for a repeat of the same form. */
function replayed(outcome: FormOutcome): ActionOutcome {
  const message: PopUpMessage =
    outcome.lines.length > 0 ? { title: outcome.title, message: outcome.message, lines: outcome.lines } : { title: outcome.title, message: outcome.message };
  // A create answered before the kind was kept (Add New Etl Variable) kept only its success.
  switch (outcome.kind ?? "done") {
    case "done":
      return done(message, outcome.back ? { back: outcome.back } : {});
    case "conflict":
      return conflict(message);
    case "failed":
      return failed(message);
  }
}

/** The create itself, the token claimed: a refusal, or a write that broke, gives the token back (nothing was written). */
async function createClaimed(form: CreateForm, now: () => Date, create: () => Promise<ActionOutcome>): Promise<ActionOutcome> {
  let outcome: ActionOutcome;
  try {
    outcome = await create();
  } catch (error) {
    await releaseToken(form.token, form.userId);
    throw error;
  }
  if (outcome.kind === "refused") {
    await releaseToken(form.token, form.userId);
    return outcome;
  }
  await finishToken(form.token, stored(outcome), now());
  return outcome;
}

/**
 * The one double-submit rule of every create form (decision 0079): the form carries a one-time
 * token its page issued to the user (one-time-form.server.ts), and `create` runs once per token. A
 * repeated POST of the same form (a double click, Back and send again) gets the first POST's answer
 * and writes nothing, waiting a while for it when the first is still running. A refused form (or a
 * create that broke) gives its token back, so the form corrected can be sent again; a token not
 * issued to this user for this form creates nothing.
 */
export async function createOnce(
  form: CreateForm,
  words: CreateOnceWords,
  create: () => Promise<ActionOutcome>,
  options: CreateOnceOptions = {},
): Promise<ActionOutcome> {
  const now = options.now ?? (() => new Date());
  const notIssued = refused({ formErrors: [words.formNotIssued] });
  const check = checkFormToken(form.purpose, form.token, form.userId, now());
  if (check === "invalid") {
    log.warn("A form's one-time token was refused: not issued to this user for this form", { userId: form.userId, purpose: form.purpose });
    return notIssued;
  }
  const deadline = Date.now() + (options.waitForFirstMs ?? WAIT_FOR_FIRST_MS);
  for (;;) {
    // An expired form is only answered when it repeats a form already claimed (with its first outcome).
    const claim = check === "valid" ? await claimToken(form.purpose, form.token, form.userId, now()) : await readClaim(form.token, form.userId);
    switch (claim.kind) {
      case "claimed":
        return createClaimed(form, now, create);
      case "finished":
        return replayed(claim.outcome);
      case "foreign":
        if (check === "expired") log.info("A form's one-time token was refused: expired", { userId: form.userId, purpose: form.purpose });
        return notIssued;
      case "running":
        if (Date.now() >= deadline) return conflict({ title: "Fail", message: words.stillAdding });
        await sleep(POLL_MS);
    }
  }
}
