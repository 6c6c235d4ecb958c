import { Card, Center, Stack, Title } from "@mantine/core";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { flashCookieHeader } from "~/auth/flash.server";
import { readSessionId } from "~/auth/session-cookie.server";
import { findSession } from "~/auth/session-store.server";
import { SESSION_ENDED_TITLE, SIGN_IN_MESSAGES } from "~/auth/sign-in-messages";
import { signOut } from "~/auth/sign-out.server";
import { requireUser } from "~/auth/user-session.server";
import { LogoutConfirmForm } from "~/components/shell/logout-confirm-form";
import { LOGOUT_QUESTION } from "~/components/shell/logout-question";
import { pageTitle } from "~/lib/page-title";
import { readForm } from "~/write-path/read-form.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Logout") }];

/** Without JavaScript the user menu's Logout opens this confirmation page; a GET changes nothing. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const id = await readSessionId(request);
  const session = id ? await findSession(id) : null;
  if (!session) throw redirect("/login");
  // The confirmation has no fields, but a body that is not a form is refused here as in every action.
  await readForm(request);
  const { location, setCookie } = await signOut(session);
  // The sign-in page says so when the browser comes back to it (from the identity provider's logout).
  const headers = new Headers({ "Set-Cookie": setCookie });
  headers.append("Set-Cookie", await flashCookieHeader({ title: SESSION_ENDED_TITLE, message: SIGN_IN_MESSAGES.signedOut }));
  return redirect(location, { headers });
}

export default function Logout() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Card withBorder shadow="sm" padding="xl" radius="md" w={380} maw="100%">
        <Stack gap="lg">
          <Title order={1} size="h3">
            {LOGOUT_QUESTION}
          </Title>
          <LogoutConfirmForm />
        </Stack>
      </Card>
    </Center>
  );
}
