import { Button, type ButtonProps } from "@mantine/core";
import { Link } from "@remix-run/react";
import { createContext, useContext, type MouseEvent, type ReactNode } from "react";
import { isPlainClick } from "~/lib/plain-click";

/**
 * How a detail view's own links move: as page links (the detail route), or inside the grid's
 * full-screen dialog, where a tab loads into the dialog and Back closes it.
 */
export interface DetailNavigation {
  /** Loads a URL of this view (path and query) into the dialog. */
  go(href: string): void;
  close(): void;
  /** The view's path: tab links are queries of it. */
  path: string;
}

const DetailNavigationContext = createContext<DetailNavigation | null>(null);

export function DetailNavigationProvider({ value, children }: { value: DetailNavigation; children: ReactNode }) {
  return <DetailNavigationContext.Provider value={value}>{children}</DetailNavigationContext.Provider>;
}

export function useDetailNavigation(): DetailNavigation | null {
  return useContext(DetailNavigationContext);
}

/** A tab or section link: a Remix link on the page, a load into the dialog inside it (still a real link for a new tab). */
export function DetailLinkButton({ href, children, ...props }: ButtonProps & { href: string; children: ReactNode; "aria-current"?: "page" }) {
  const navigation = useDetailNavigation();
  if (!navigation) {
    return (
      <Button component={Link} to={href} preventScrollReset {...props}>
        {children}
      </Button>
    );
  }
  const target = href.startsWith("?") ? `${navigation.path}${href}` : href;
  return (
    <Button
      component="a"
      href={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigation.go(target);
      }}
      {...props}
    >
      {children}
    </Button>
  );
}
