import { Group, Text } from "@mantine/core";
import type { DisplayUser } from "~/auth/user-display";
import { PRODUCT_NAME } from "~/lib/page-title";
import type { AreaAccess } from "~/modules/shell/navigation";
import { NotificationsButton } from "./notifications-button";
import { HEADER_HEIGHT } from "./shell-sizes";
import { SideDrawer } from "./side-drawer";
import { UserMenu } from "./user-menu";

interface TopBarProps {
  pageTitle: string | undefined;
  user: DisplayUser;
  areas: AreaAccess;
}

/** Drawer toggle and title on the left; notifications and the user menu on the right. */
export function TopBar({ pageTitle, user, areas }: TopBarProps) {
  return (
    <Group component="header" className="portal-top-bar" h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <SideDrawer areas={areas} />
        <Text fw={700} truncate="end">
          {PRODUCT_NAME}
          {pageTitle ? (
            <Text span c="dimmed" fw={400}>
              {" "}
              | {pageTitle}
            </Text>
          ) : null}
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <NotificationsButton />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
