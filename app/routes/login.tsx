import { Button, Card, Center, Stack, Text, Title } from "@mantine/core";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { getAuthSettings } from "~/auth/auth-settings.server";
import { takeFlash } from "~/auth/flash.server";
import { landingPath } from "~/auth/landing.server";
import { safeReturnTo } from "~/auth/return-to";
import { startSignIn } from "~/auth/start-sign-in.server";
import { getSignedInUser } from "~/auth/user-session.server";
import { PopupDialog } from "~/components/shell/popup-dialog";
import { SiteFooter } from "~/components/shell/site-footer";
import { pageTitle, PRODUCT_NAME } from "~/lib/page-title";
import { readForm } from "~/write-path/read-form.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Login") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { publicOrigin, builtInIdentityProvider } = getAuthSettings();
  // Sign-in cookies belong to the public host: start there, or the callback would not find them.
  if (url.host !== new URL(publicOrigin).host) throw redirect(`${publicOrigin}${url.pathname}${url.search}`);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"), "");
  const signedIn = await getSignedInUser(request);
  if (signedIn) throw redirect(returnTo || (await landingPath(signedIn)));
  const { flash, clear } = await takeFlash(request);
  // With the built-in identity provider its form is the sign-in page; this page stays for what it
  // has to say (signed out, a session ended, a failed sign-in) and for an external issuer.
  if (!flash && builtInIdentityProvider) throw await startSignIn(request, returnTo);
  return data({ returnTo, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submitted = form.get("returnTo");
  return startSignIn(request, safeReturnTo(typeof submitted === "string" ? submitted : null, ""));
}

export default function Login() {
  const { returnTo, flash } = useLoaderData<typeof loader>();
  return (
    <Stack mih="100vh" gap={0} justify="space-between">
      <PopupDialog message={flash} />
      <Center component="main" flex={1} p="md">
        <Card withBorder shadow="sm" padding="xl" radius="md" w={380} maw="100%">
          <Stack gap="lg">
            <Title order={1} size="h2" ta="center">
              {PRODUCT_NAME}
            </Title>
            <Text c="dimmed" ta="center">
              Sign in with your company account to continue.
            </Text>
            {/* A document request even with JavaScript: the answer is a redirect to another site. */}
            <Form method="post" reloadDocument>
              <input type="hidden" name="returnTo" value={returnTo} />
              <Button type="submit" fullWidth size="md">
                Sign in
              </Button>
            </Form>
          </Stack>
        </Card>
      </Center>
      <SiteFooter />
    </Stack>
  );
}
