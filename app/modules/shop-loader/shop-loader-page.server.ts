import { data } from "@remix-run/node";
import { z } from "zod";
import type { SignedIn } from "~/auth/user-session.server";
import { parseForm } from "~/write-path/parse-form.server";
import { readForm } from "~/write-path/read-form.server";
import { runAction } from "~/write-path/run-action.server";
import { loadShopDocuments } from "./load-shop-documents.server";
import { MAX_PASTE_BYTES, SHOP_LOADER_FIELD, SHOP_LOADER_MESSAGES, type LoadReport } from "./shop-document";

/** What the page shows after Submit: the report, or why nothing was read (the paste comes back to fix it). */
export type ShopLoaderAnswer =
  { kind: "report"; report: LoadReport } | { kind: "problem"; problem: string; pasted: string } | { kind: "failed"; message: string; pasted: string };

const formSchema = z.object({
  [SHOP_LOADER_FIELD]: z
    .string()
    .max(MAX_PASTE_BYTES * 2)
    .optional(),
});
const NO_STORE = { "Cache-Control": "no-store" };

/** Submit: the paste read (a body of up to twice the paste limit, so a large paste gets the loader's own words), loaded, reported. */
export async function actOnShopLoader(request: Request, signedIn: SignedIn) {
  const formData = await readForm(request, { maxBytes: MAX_PASTE_BYTES * 2 });
  const submission = parseForm(formData, formSchema);
  const pasted = submission.status === "success" ? (submission.value[SHOP_LOADER_FIELD] ?? "") : "";
  if (submission.status !== "success")
    return data<ShopLoaderAnswer>({ kind: "problem", problem: SHOP_LOADER_MESSAGES.tooLarge, pasted: "" }, { status: 400, headers: NO_STORE });
  return runAction(
    async () => {
      const outcome = await loadShopDocuments(signedIn.user, pasted);
      if (outcome.kind === "problem")
        return data<ShopLoaderAnswer>(
          { kind: "problem", problem: outcome.problem, pasted: pasted.slice(0, MAX_PASTE_BYTES) },
          { status: 400, headers: NO_STORE },
        );
      return data<ShopLoaderAnswer>({ kind: "report", report: outcome.report }, { headers: NO_STORE });
    },
    {
      failure: SHOP_LOADER_MESSAGES.failed,
      logAs: "Loading shop documents failed",
      answerFailure: (failure) =>
        data<ShopLoaderAnswer>({ kind: "failed", message: failure.message, pasted: pasted.slice(0, MAX_PASTE_BYTES) }, { headers: NO_STORE }),
    },
  );
}
