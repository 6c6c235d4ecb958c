import { Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ProfileCard } from "~/components/account/profile-card";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { accountProfileOf } from "~/modules/account/account-profile.server";

const TITLE = "My Account";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, "myAccount");
  return { profile: await accountProfileOf(user) };
}

export default function MyAccountPage() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Title order={1}>{TITLE}</Title>
      <ProfileCard profile={profile} />
    </Stack>
  );
}
