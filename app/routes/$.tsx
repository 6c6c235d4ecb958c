import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { getSignedInUser } from "~/auth/user-session.server";
import { ShellErrorPage } from "~/components/shell/shell-error-page";
import shellStyles from "~/components/shell/shell.css";
import { methodNotAllowedMessage } from "~/lib/method-not-allowed";
import { notFound } from "~/lib/not-found";
import { loadShellData, type ShellData } from "~/modules/shell/shell-data.server";

/**
 * The shell's styles: this route is not under the shell's layout route, whose links carry them, and
 * without them the drawer's and the user menu's disclosures show the browser's markers and panels.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

/**
 * Any path no other route matches: a real 404 status. A signed-in user gets it inside the shell
 * (the shell's data travels with the 404); anyone else the bare page. The server also asks it for
 * the 405 page of a method a route does not answer (load context `methodNotAllowed`, decision 0063).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<never> {
  const refused = context.methodNotAllowed;
  const signedIn = await getSignedInUser(request);
  if (!signedIn && !refused) notFound();
  const shell = signedIn ? await loadShellData(request, signedIn) : null;
  const body = {
    ...(shell ? { shell: { user: shell.user, areas: shell.areas, analytics: shell.analytics } } : {}),
    ...(refused ? { message: methodNotAllowedMessage(refused) } : {}),
  };
  throw data(body, refused ? { status: 405, statusText: "Method Not Allowed" } : { status: 404, statusText: "Not Found" });
}

export const action = loader;

function shellOf(error: unknown): Pick<ShellData, "user" | "areas" | "analytics"> | undefined {
  if (typeof error !== "object" || error === null || !("data" in error)) return undefined;
  const body = (error as { data: unknown }).data;
  return typeof body === "object" && body !== null && "shell" in body ? (body as { shell: Pick<ShellData, "user" | "areas" | "analytics"> }).shell : undefined;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ShellErrorPage error={error} shell={shellOf(error)} />;
}

export default function UnknownPath() {
  return null;
}
