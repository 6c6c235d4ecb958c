import { readBoundedBody } from "~/lib/bounded-body.server";
import { containsNul } from "~/lib/nul-character";

/**
 * The body of a form submission, for every action (DESIGN §6, decision 0015). A body that is not a
 * form ends the action with a thrown 400 (or 413 when too large), never a 500: routes stay thin
 * and the root error boundary shows the message.
 */

/** Far above any form of the portal (a bulk resend of 1,000 ids is ~15 KB); uploads pass their own limit. */
export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;

export const FORM_BODY_MESSAGES = {
  notAForm: "The request body is not a form. Send it as application/x-www-form-urlencoded or multipart/form-data.",
  unreadable: "The form could not be read: its multipart body is malformed.",
  tooLarge: "The form is too large.",
  nulCharacter: "The form could not be read: it contains a NUL character.",
  badControl: "The form could not be read: its form control is not one the portal sends.",
} as const;

export interface ReadFormOptions {
  /** The largest body accepted, in bytes (default FORM_BODY_LIMIT_BYTES). */
  maxBytes?: number;
}

/** The data of a refused body, as JSON for scripts and as the error page's message for documents. */
export interface FormBodyRefusal {
  message: string;
}

function refuse(status: 400 | 413, message: string): never {
  throw Response.json({ message } satisfies FormBodyRefusal, { status, headers: { "Cache-Control": "no-store" } });
}

type FormEncoding = "urlencoded" | "multipart";

function encodingOf(contentType: string | null): FormEncoding | null {
  const mediaType = contentType?.split(";", 1)[0].trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") return "urlencoded";
  if (mediaType === "multipart/form-data") return "multipart";
  return null;
}

/** The body's bytes, refusing (413) as soon as more than maxBytes arrived: a lying or missing Content-Length cannot get past it. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return (await readBoundedBody(request, maxBytes, "release")) ?? refuse(413, FORM_BODY_MESSAGES.tooLarge);
}

/**
 * The submitted form. An empty body without a content type is an empty form (a bare POST of a
 * button without fields); anything else must be URL-encoded or multipart, parsed by the platform.
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const contentType = request.headers.get("Content-Type");
  const encoding = encodingOf(contentType);
  if (encoding === null && contentType !== null) refuse(400, FORM_BODY_MESSAGES.notAForm);
  const body = await readBody(request, options.maxBytes ?? FORM_BODY_LIMIT_BYTES);
  if (encoding === null) {
    if (body.byteLength === 0) return new FormData();
    refuse(400, FORM_BODY_MESSAGES.notAForm);
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType ?? "" } }).formData();
  } catch {
    refuse(400, FORM_BODY_MESSAGES.unreadable);
  }
  if (hasNulCharacter(form)) refuse(400, FORM_BODY_MESSAGES.nulCharacter);
  return form;
}

/** A NUL in a field's name or text (see nul-character.ts); file contents are bytes and may hold one. */
function hasNulCharacter(form: FormData): boolean {
  for (const [name, value] of form) {
    if (containsNul(name) || (typeof value === "string" && containsNul(value))) return true;
  }
  return false;
}
