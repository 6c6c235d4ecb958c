import { Link, useNavigation, type LinkProps } from "@remix-run/react";
import { forwardRef, type MouseEvent } from "react";

/** True while a navigation is under way: the grid starts no second request meanwhile (spec §4). */
export function useGridBusy(): boolean {
  return useNavigation().state !== "idle";
}

/** A Remix link that ignores clicks while the grid is loading. Without JavaScript it is a plain link. */
export const GridLink = forwardRef<HTMLAnchorElement, LinkProps>(function GridLink({ onClick, ...props }, ref) {
  const busy = useGridBusy();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <Link ref={ref} {...props} onClick={handleClick} />;
});
