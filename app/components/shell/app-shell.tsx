import { Box, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import type { DisplayUser } from "~/auth/user-display";
import type { DialogMessage } from "~/lib/dialog-events";
import type { AreaAccess } from "~/modules/shell/navigation";
import { AnalyticsScript, type AnalyticsScriptProps } from "./analytics-script";
import { BusyOverlay } from "./busy-overlay";
import { PopupDialog } from "./popup-dialog";
import { SiteFooter } from "./site-footer";
import { TopBar } from "./top-bar";
import { useKeepAlive } from "./use-keep-alive";

interface AppShellProps {
  pageTitle: string | undefined;
  user: DisplayUser;
  areas: AreaAccess;
  dialog: DialogMessage | null;
  analytics: AnalyticsScriptProps | null;
  children: ReactNode;
}

/** The layout of every signed-in page (platform spec §2 Layout). */
export function AppShell({ pageTitle, user, areas, dialog, analytics, children }: AppShellProps) {
  useKeepAlive();
  return (
    <Stack mih="100vh" gap={0}>
      <TopBar pageTitle={pageTitle} user={user} areas={areas} />
      <Box component="main" flex={1} p="md">
        {children}
      </Box>
      <SiteFooter />
      <PopupDialog message={dialog} />
      <BusyOverlay />
      {analytics ? <AnalyticsScript {...analytics} /> : null}
    </Stack>
  );
}
