/** One backend service's build information as the build-info screen shows it (client-safe). */
export interface ServiceBuild {
  service: string;
  artifact: string;
  group: string;
  tag: string;
  version: string;
  /** The build time in the user's zone. */
  time: string;
}
