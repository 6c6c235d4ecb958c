import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { takeFlash } from "~/auth/flash.server";
import { requireUser } from "~/auth/user-session.server";
import { AppShell } from "~/components/shell/app-shell";
import { ShellErrorPage } from "~/components/shell/shell-error-page";
import shellStyles from "~/components/shell/shell.css";
import { pageTitleOfMatches } from "~/lib/page-handle";
import { loadShellData } from "~/modules/shell/shell-data.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

/**
 * The layout around signed-in pages. It protects nothing by itself: every page below checks its
 * own access. It hands out the waiting pop-up message once (the flash cookie is cleared here).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request);
  const [shell, { flash, clear }] = await Promise.all([loadShellData(request, signedIn), takeFlash(request)]);
  return data({ ...shell, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export default function ShellLayout() {
  const { user, areas, flash, analytics } = useLoaderData<typeof loader>();
  const pageTitle = pageTitleOfMatches(useMatches());
  return (
    <AppShell pageTitle={pageTitle} user={user} areas={areas} dialog={flash} analytics={analytics}>
      <Outlet />
    </AppShell>
  );
}

/** A page below that ends in an error (a 404 for a page the user may not open) keeps the shell around it. */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>("routes/_shell");
  return <ShellErrorPage error={error} shell={shell} />;
}
