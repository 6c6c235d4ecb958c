import { pagesAllowed } from "./require-page.server";
import type { SignedIn } from "./user-session.server";

/** After sign-in, and at "/": the transactions grid when the user may see it, else home. */
export async function landingPath(signedIn: SignedIn): Promise<string> {
  const allowed = await pagesAllowed(signedIn, ["transactions"]);
  return allowed.transactions ? "/transactions" : "/home";
}
