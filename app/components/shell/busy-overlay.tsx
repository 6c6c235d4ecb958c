import { Loader, Tooltip } from "@mantine/core";
import { useFetchers, useNavigation } from "@remix-run/react";
import { isBackgroundFetcher } from "~/lib/background-fetcher";

export const BUSY_LABEL = "Please wait...";

/** Covers the layout while a navigation or a submission is under way (JavaScript only). */
export function BusyOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle" && !isBackgroundFetcher(fetcher.key));
  if (!busy) return null;
  return (
    <div className="portal-busy" role="status" aria-live="polite" aria-label={BUSY_LABEL}>
      <Tooltip label={BUSY_LABEL} opened withArrow position="bottom">
        <Loader size="lg" />
      </Tooltip>
    </div>
  );
}
