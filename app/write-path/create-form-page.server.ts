import type { z } from "zod";
import { exactPaths, safeReturnTo } from "~/auth/return-to";
import type { SignedIn } from "~/auth/user-session.server";
import { userTimeZone } from "~/platform/time-zone.server";
import type { ActionOutcome, PopUpMessage } from "./action-outcome";
import { answerAction } from "./answer-action.server";
import { CREATE_FORM_FIELDS, type CreateFormPageData } from "./create-form";
import { createOnce, withFormToken, type CreateOnceWords } from "./create-once.server";
import { newFormToken, type FormPurpose } from "./one-time-form.server";
import { readForm } from "./read-form.server";
import { submitForm, type SubmissionReading } from "./submit-form.server";
import type { Writer } from "./writer";

/** Runs a write once per form (createOnce with the form's token). */
export type OncePerForm = (write: () => Promise<ActionOutcome>) => Promise<ActionOutcome>;

export interface CreateFormPage<Schema extends z.ZodType> extends SubmissionReading {
  /** The grid the form goes back to: the only page `returnTo` may name, and the way back without one. */
  gridPath: string;
  purpose: FormPurpose;
  /** The form's own fields (the token is read besides them). */
  schema: Schema;
  words: CreateOnceWords;
  /** The spec's words for the create breaking, and the log line's message. */
  failure: PopUpMessage;
  logAs: string;
  /** The create: what writes goes through `once`; an answer that writes nothing (an editor step) may come without it. */
  create(writer: Writer, value: z.output<Schema>, once: OncePerForm): Promise<ActionOutcome>;
}

/**
 * An admin grid's Add page (decision 0079): a page of its own without JavaScript, the grid's dialog
 * with it, both posting here. The loader gives the way back and a one-time token; the action reads
 * the form once with its schema and the token, creates once per token, and goes back to the grid
 * page with the pop-up. The route checks the page and the write permission first.
 */
export function createFormPage<Schema extends z.ZodType>(page: CreateFormPage<Schema>) {
  const area = exactPaths(page.gridPath);
  /** The grid page to go back to (the grid's own address with its query), or the grid. */
  const returnTo = (value: FormDataEntryValue | string | null) => safeReturnTo(typeof value === "string" ? value : "", page.gridPath, area);
  return {
    returnTo,
    load(request: Request, signedIn: SignedIn): CreateFormPageData {
      return { returnTo: returnTo(new URL(request.url).searchParams.get(CREATE_FORM_FIELDS.returnTo)), token: newFormToken(page.purpose, signedIn.user.id) };
    },
    async act(request: Request, signedIn: SignedIn) {
      const formData = await readForm(request);
      const { timeZone } = await userTimeZone(request, signedIn.user.id);
      const outcome = await submitForm(formData, withFormToken(page.schema), {
        intent: page.intent,
        shownAgain: page.shownAgain,
        failure: page.failure,
        logAs: page.logAs,
        run: (sent) => {
          const form = { purpose: page.purpose, token: sent.token ?? "", userId: signedIn.user.id };
          return page.create({ actor: signedIn.user, timeZone }, sent, (write) => createOnce(form, page.words, write));
        },
      });
      return answerAction(formData, outcome, { back: returnTo(formData.get(CREATE_FORM_FIELDS.returnTo)), fallback: page.gridPath, area });
    },
  };
}
