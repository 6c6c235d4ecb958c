/** An expanded Applications row (dashboards spec §3 Application), as the page shows it. */
export interface ApplicationDetail {
  id: string;
  platform: string;
  machineName: string;
  macAddresses: string[];
  userId: string;
  /** DD-MMM-YYYY hh:mm:ss A in the user's zone (a detail view's dates). */
  created: string;
  modified: string;
  /** Newest first; the first is the current one. */
  versions: ApplicationVersionEntry[];
  /** Newest first; the first is the current one. */
  software: ThirdPartySoftwareEntry[];
}

export interface ApplicationVersionEntry {
  version: string;
  createdBy: string;
  /** DD-MMM-YY hh:mm A in the user's zone. */
  created: string;
}

export interface ThirdPartySoftwareEntry {
  name: string;
  version: string;
  /** DD-MMM-YY hh:mm A in the user's zone. */
  created: string;
}
