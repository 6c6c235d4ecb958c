import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import mantineCoreStyles from "@mantine/core/styles.css";
import mantineDatesStyles from "@mantine/dates/styles.css";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import mantineReactTableStyles from "mantine-react-table/styles.css";
import type { ReactNode } from "react";
import { ErrorContent, errorPageTitle } from "~/components/error-pages";
import { TimeZoneCookieScript } from "~/components/shell/time-zone-cookie-script";
import { useNonce } from "~/lib/nonce";
import { pageTitle } from "~/lib/page-title";
import { cssVariablesResolver, theme } from "~/theme";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "stylesheet", href: mantineCoreStyles },
  { rel: "stylesheet", href: mantineDatesStyles },
  { rel: "stylesheet", href: mantineReactTableStyles },
];

/** Routes export their own meta with pageTitle("Their title"); this one covers errors and untitled routes. */
export const meta: MetaFunction = ({ error }) => [{ title: pageTitle(error ? errorPageTitle(error) : undefined) }];

/** The document around every page and every error page. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The browser hides nonce attributes after parsing, so the client renders none here. */}
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" suppressHydrationWarning />
        <TimeZoneCookieScript nonce={nonce} />
      </head>
      <body>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorContent error={useRouteError()} />;
}
