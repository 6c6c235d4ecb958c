import type { ProviderDetail } from "~/modules/providers/provider-detail";
import type { RoutingFormRow } from "./routing-rows";

/** The detail form's fields as text, the way the browser sends them, from the provider as stored. */
export function providerFormDefaults(detail: ProviderDetail) {
  return {
    providerName: detail.providerName,
    providerType: detail.providerType,
    providerCd: detail.providerCd,
    version: detail.providerVersion,
    notes: detail.notes,
    isActive: detail.status === "Active" ? "on" : undefined,
    vehicleMakes: detail.vehicleMakes,
    scanTypes: detail.scanTypes,
    scanPerformTypes: detail.scanPerformTypes,
    nonBillableProcedures: detail.nonBillableProcedures,
    productCodes: detail.productCodes,
    address: detail.address,
    city: detail.city,
    state: detail.state,
    zip: detail.zip,
    country: detail.country,
    phone: detail.phone,
    fax: detail.fax,
    vinBillingIntervalDays: detail.vinBillingIntervalDays === null ? "" : String(detail.vinBillingIntervalDays),
    registrationConfig: detail.registrationConfig,
    billingRuleId: detail.billingRule?.ruleId ?? "",
    billingValues: Object.fromEntries(Object.entries(detail.billingRule?.paramValues ?? {}).map(([name, value]) => [name, String(value)])),
    routings: detail.routings.map((routing): RoutingFormRow => ({
      routingName: routing.routingName,
      routingUrl: routing.routingUrl,
      routingTimeout: routing.routingTimeout === null ? "" : String(routing.routingTimeout),
      requestTranslator: routing.requestTranslator,
      responseTranslator: routing.responseTranslator,
    })),
  };
}

export type ProviderFormValues = ReturnType<typeof providerFormDefaults>;
