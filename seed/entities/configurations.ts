import { ACCESS_TO_QUOTE, DEMO_PROVIDER_ID, PORTAL_ROLES, REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import type { ConfigValueType } from "~/db/types";
import {
  BILLABLE_OPTIONS,
  CLIENT_TYPES,
  INVOICE_STATUSES,
  PROCESS_STATUSES,
  PROVIDER_SCAN_STATUSES,
  QUOTE_STATUSES,
  SCAN_PHASES,
  SCAN_TYPES,
} from "~/modules/transactions/vocabulary";
import { randomFor, type SeedContext } from "../context";
import {
  BILLING_RULES,
  camelCaseLabel,
  CCC_PROCEDURES,
  FEEDBACK_TOPICS,
  PROVIDER_SCAN_TYPES,
  REQUIRED_APP_LOG_FILES,
  SCAN_PERFORM_TYPES,
  SCAN_TYPE_RELATIONS,
  SUPPORTED_CHANNELS,
} from "../reference/catalog";
import { VEHICLE_MAKES } from "../reference/vehicles";
import { DAY_MS } from "../timeline";
import type { ProviderProfile } from "./providers";

interface ConfigurationEntry {
  key: string;
  type: ConfigValueType;
  value: string;
  group: string;
  groupValue?: string | null;
  description: string;
}

function json(value: unknown): string {
  return JSON.stringify(value);
}

/** Every key of platform-and-admin.md §3 "Known configuration keys", plus the UI settings. */
export function configurationEntries(providers: readonly ProviderProfile[]): ConfigurationEntry[] {
  const quoteProviders = providers
    .filter((provider) => provider.version === "2.0" && provider.code !== "AHMC")
    .map((provider) => ({ code: String(provider.providerId), label: provider.name }));
  const allowedForResendResults = Object.fromEntries(SCAN_TYPES.map((type) => [type, type !== "Sublet"]));
  const demoProviderResendResults = Object.fromEntries(SCAN_TYPES.map((type) => [type, type === "Scan" || type === "Calibration"]));

  return [
    {
      key: "ALL_SUPPORTED_CHANNELS",
      type: "LIST_CODE_LABELS",
      value: json(SUPPORTED_CHANNELS),
      group: "PORTAL",
      description: "Channels a scan request can come from",
    },
    {
      key: "SCAN_TYPES_RELATION",
      type: "JSON",
      value: json(SCAN_TYPE_RELATIONS),
      group: "TRANSACTIONS",
      description: "Provider scan types per portal scan type",
    },
    {
      key: "ALL_USER_ROLES",
      type: "LIST_CODE_LABELS",
      value: json(PORTAL_ROLES.map((role) => ({ code: role, label: role }))),
      group: "ADMIN",
      description: "Roles that can be assigned to users",
    },
    {
      key: "REQUIRED_ROLES_FOR_PAGES",
      type: "JSON",
      value: json(REQUIRED_ROLES_FOR_PAGES),
      group: "ADMIN",
      description: "Roles required to open each page (a listed page needs one of its roles)",
    },
    {
      key: "REQUIRED_APP_LOG_FILES",
      type: "JSON",
      value: json(REQUIRED_APP_LOG_FILES),
      group: "APPLICATIONS",
      description: "Log files the desktop client uploads with an error report",
    },
    {
      key: "ALL_VEHICLE_MAKES",
      type: "LIST_CODE_LABELS",
      value: json(VEHICLE_MAKES.map((make) => ({ code: make.code, label: make.label }))),
      group: "PROVIDERS",
      description: "Vehicle makes providers can support",
    },
    { key: "UI_FEEDBACK_TOPICS", type: "LIST_CODE_LABELS", value: json(FEEDBACK_TOPICS), group: "PORTAL", description: "Topics offered in Submit Feedback" },
    {
      key: "ALL_PROVIDER_SCAN_TYPES",
      type: "LIST_CODE_LABELS",
      value: json(PROVIDER_SCAN_TYPES),
      group: "PROVIDERS",
      description: "Scan types providers perform",
    },
    {
      key: "ALL_PROVIDER_SCAN_PERFORM_TYPES",
      type: "LIST_CODE_LABELS",
      value: json(SCAN_PERFORM_TYPES),
      group: "PROVIDERS",
      description: "How providers perform scans",
    },
    {
      key: "TRUEPARTS_SAML_URL",
      type: "TEXT",
      value: "https://trueparts.example.com/saml2/sso/dip-portal",
      group: "PORTAL",
      description: "Single sign-on link to TrueParts",
    },
    {
      key: "ALLOWED_FOR_RESEND_RESULTS",
      type: "JSON",
      value: json(allowedForResendResults),
      group: "TRANSACTIONS",
      groupValue: null,
      description: "Scan types whose results may be resent to CCCONE (default)",
    },
    {
      key: "ALLOWED_FOR_RESEND_RESULTS",
      type: "JSON",
      value: json(demoProviderResendResults),
      group: "TRANSACTIONS",
      groupValue: String(DEMO_PROVIDER_ID),
      description: "Scan types whose results may be resent to CCCONE for this provider",
    },
    {
      key: "ALLOWED_FOR_RESEND_INVOICE",
      type: "JSON",
      value: json({ PENDING: false, SENT: true, ACCEPTED: false, REJECTED: true, FAILED: true } satisfies Record<(typeof INVOICE_STATUSES)[number], boolean>),
      group: "TRANSACTIONS",
      description: "Invoice statuses for which the invoice may be resent to CCCONE",
    },
    {
      key: "TRANSACTION_FILTER_OPTIONS",
      type: "JSON",
      value: json({
        statusOptions: PROCESS_STATUSES,
        clientTypeOptions: CLIENT_TYPES,
        scanPhaseOptions: SCAN_PHASES,
        invoiceStatusOptions: INVOICE_STATUSES,
        billableOptions: BILLABLE_OPTIONS,
      }),
      group: "TRANSACTIONS",
      description: "Options of the transactions and services filters",
    },
    {
      key: "QUOTE_FILTER_OPTIONS",
      type: "JSON",
      value: json({ quoteStatusOptions: QUOTE_STATUSES, quoteProviderOptions: quoteProviders }),
      group: "QUOTES",
      description: "Options of the quotes filters",
    },
    {
      key: "ACCESS_TO_QUOTE",
      type: "JSON",
      value: json(ACCESS_TO_QUOTE),
      group: "QUOTES",
      description: "Roles (and, when listed, providers) that may use the quote area",
    },
    {
      key: "CCC_PROCEDURE_DESC_MAPPINGS",
      type: "LIST_CODE_LABELS",
      value: json(CCC_PROCEDURES),
      group: "QUOTES",
      description: "CCC ONE procedure ids and their descriptions",
    },
    {
      key: "PROVIDER_STATUS_OPTIONS",
      type: "JSON",
      value: json(["Success", "Pending", "Failed"]),
      group: "REGISTRATIONS",
      description: "Provider statuses of a shop registration",
    },
    {
      key: "PROVIDER_SCAN_STATUS_OPTIONS",
      type: "JSON",
      value: json(PROVIDER_SCAN_STATUSES),
      group: "TRANSACTIONS",
      description: "Scan statuses a provider reports",
    },
    {
      key: "CCC_SUPPORT_CONTACT_INFO",
      type: "TEXT",
      value: "CCC Diagnostics Support: 1-800-555-0142 (Mon-Fri 7am-7pm CT), dip-support@ccc.example.com",
      group: "PORTAL",
      description: "Support contact shown in the portal",
    },
    {
      key: "MAPS_API_KEY",
      type: "ENCRYPT",
      value: "enc:v1:QkDzv3Jd2n8mS0xYqg1cR7u4tWc9LhPaEo6f",
      group: "DEVTOOLS",
      description: "Key of the maps time-zone service (stored encrypted)",
    },
    ...BILLING_RULES.map((rule): ConfigurationEntry => ({
      key: rule.ruleId,
      type: "BILLING_RULE",
      value: json({ params: rule.paramLabels.map((label) => ({ paramName: camelCaseLabel(label), paramLabel: label })) }),
      group: "BILLING_RULE",
      description: rule.ruleDesc,
    })),
    { key: "quoteGrid", type: "TEXT", value: "true", group: "UI_SETTINGS", description: "Show the Quote tab and grid" },
    { key: "quoteDetailsPageButton", type: "TEXT", value: "true", group: "UI_SETTINGS", description: "Offer Quote Details in the transaction detail view" },
    { key: "quoteItemsInSummary", type: "TEXT", value: "true", group: "UI_SETTINGS", description: "Show quote items in the service summary card" },
  ];
}

export function seedConfigurations(context: SeedContext, providers: readonly ProviderProfile[]): void {
  const random = randomFor(context, "configurations");
  configurationEntries(providers).forEach((entry, index) => {
    const created = context.timeline.startMs - random.int(60, 700) * DAY_MS;
    context.sink.add("configurations", {
      configId: index + 1,
      configKey: entry.key,
      configValueType: entry.type,
      configValue: entry.value,
      configGroup: entry.group,
      configGroupValue: entry.groupValue ?? null,
      configDescription: entry.description,
      productArea: "DIAGNOSTICS_PORTAL",
      isActive: 1,
      createdDateTime: context.timeline.iso(created),
      createdBy: "DIP_ADMIN",
      updatedDateTime: context.timeline.iso(created + random.int(0, 400) * DAY_MS),
      updatedBy: random.pick(["DIP_ADMIN", "admin"]),
      rowVersion: 1,
    });
  });
}
