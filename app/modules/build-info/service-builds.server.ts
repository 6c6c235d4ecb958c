import { DATE_FORMATS, formatDateTime } from "~/lib/date-format";
import { BACKEND_SERVICES } from "./backend-services";
import { buildInfoOf } from "./build-info.server";

export const TIME_NOT_AVAILABLE = "Not Available";

export interface ServiceBuild {
  service: string;
  artifact: string;
  group: string;
  tag: string;
  version: string;
  /** The build time in the user's zone. */
  time: string;
}

/** The build-info screen's cards, one per backend service. */
export function serviceBuilds(timeZone: string): ServiceBuild[] {
  return BACKEND_SERVICES.map((service) => {
    const build = buildInfoOf(service);
    return {
      service,
      ...build,
      time: build.time ? formatDateTime(build.time, timeZone, DATE_FORMATS.long) : TIME_NOT_AVAILABLE,
    };
  });
}
