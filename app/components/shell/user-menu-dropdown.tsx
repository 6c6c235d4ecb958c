import { Menu, UnstyledButton } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconLogout, IconMessage, IconSettings, IconUser } from "@tabler/icons-react";
import { useState } from "react";
import type { DisplayUser } from "~/auth/user-display";
import { LogoutModal } from "./logout-modal";
import { UserBadge } from "./user-badge";
import { LOGOUT_LABEL, USER_MENU_ITEMS, userMenuLabel } from "./user-menu-items";

const ICONS = { "/myAccount": IconUser, "/settings": IconSettings, "/feedback": IconMessage } as const;

/** The user menu with JavaScript: a Mantine menu; Logout asks for confirmation in a modal. */
export function UserMenuDropdown({ user }: { user: DisplayUser }) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label={userMenuLabel(user)}>
            <UserBadge user={user} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.fullName}</Menu.Label>
          {USER_MENU_ITEMS.map((item) => {
            const Icon = ICONS[item.to];
            return (
              <Menu.Item key={item.to} component={Link} to={item.to} leftSection={<Icon size={16} aria-hidden="true" />}>
                {item.label}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => setConfirmingLogout(true)}>
            {LOGOUT_LABEL}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <LogoutModal opened={confirmingLogout} onClose={() => setConfirmingLogout(false)} />
    </>
  );
}
