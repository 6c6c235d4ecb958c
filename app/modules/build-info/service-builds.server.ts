import { formatInstant } from "~/lib/date-format";
import { BACKEND_SERVICES } from "./backend-services";
import { buildInfoOf } from "./build-info.server";
import type { ServiceBuild } from "./service-build";

export const TIME_NOT_AVAILABLE = "Not Available";

/** The build-info screen's cards, one per backend service. */
export function serviceBuilds(timeZone: string): ServiceBuild[] {
  return BACKEND_SERVICES.map((service) => {
    const build = buildInfoOf(service);
    return {
      service,
      ...build,
      time: build.time ? formatInstant(build.time, timeZone, "detail") : TIME_NOT_AVAILABLE,
    };
  });
}
