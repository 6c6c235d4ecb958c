import { Anchor, Stack } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { DisplayUser } from "~/auth/user-display";
import { UserBadge } from "./user-badge";
import { LOGOUT_LABEL, LOGOUT_PATH, USER_MENU_ITEMS, userMenuLabel } from "./user-menu-items";

/** The user menu without JavaScript: a disclosure of plain links; Logout opens the confirmation page. */
export function UserMenuLinks({ user }: { user: DisplayUser }) {
  return (
    <details className="portal-disclosure portal-user-menu">
      <summary aria-label={userMenuLabel(user)}>
        <UserBadge user={user} />
      </summary>
      <Stack component="nav" aria-label="User" gap={4} className="portal-user-menu-panel">
        {USER_MENU_ITEMS.map((item) => (
          <Anchor key={item.to} component={Link} to={item.to} size="sm" p={6}>
            {item.label}
          </Anchor>
        ))}
        <Anchor component={Link} to={LOGOUT_PATH} size="sm" p={6}>
          {LOGOUT_LABEL}
        </Anchor>
      </Stack>
    </details>
  );
}
