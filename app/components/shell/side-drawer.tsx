import { NavLink } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { IconMenu2 } from "@tabler/icons-react";
import { useEffect, useState, type MouseEvent } from "react";
import { visibleEntries, type AreaAccess } from "~/modules/shell/navigation";
import { DRAWER_WIDTH } from "./shell-sizes";

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The side drawer as a disclosure widget: without JavaScript the browser opens and closes it;
 * with JavaScript it also closes after a navigation, on Escape, and when the mouse leaves it to
 * the right of its 250 px.
 */
export function SideDrawer({ areas }: { areas: AreaAccess }) {
  const { pathname, key } = useLocation();
  const [opened, setOpened] = useState(false);

  useEffect(() => setOpened(false), [key]);

  const closeWhenLeftToTheRight = (event: MouseEvent<HTMLElement>) => {
    if (event.clientX >= DRAWER_WIDTH) setOpened(false);
  };

  return (
    <details
      className="portal-disclosure"
      open={opened}
      onToggle={(event) => setOpened(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpened(false);
      }}
    >
      <summary aria-label="Navigation" title="Navigation">
        <IconMenu2 size={24} aria-hidden="true" style={{ display: "block" }} />
      </summary>
      <nav aria-label="Main" className="portal-drawer-panel" onMouseLeave={closeWhenLeftToTheRight}>
        {visibleEntries(areas).map((entry) => (
          <NavLink key={entry.to} component={Link} to={entry.to} label={entry.label} active={isActive(pathname, entry.to)} />
        ))}
      </nav>
    </details>
  );
}
