import type { ProviderRowDetail } from "~/modules/providers/provider-detail";

type Field = [string, string | File];

interface DetailFormChanges {
  providerName?: string;
  /** The routing rows sent; the stored ones when not given. */
  routings?: ReadonlyArray<{ routingName: string; routingUrl: string }>;
  /** Further fields (a logo file, a conform intent). */
  extra?: readonly Field[];
}

/** A provider's detail form as the browser sends it (multipart), with the stored values unless changed. */
export function providerDetailForm(detail: ProviderRowDetail, changes: DetailFormChanges = {}): FormData {
  const routings = changes.routings ?? detail.routings;
  const fields: Field[] = [
    ["intent", "saveProvider"],
    ["row", String(detail.providerId)],
    ["returnTo", "/admin/providers"],
    ["rowVersion", String(detail.version)],
    ["providerName", changes.providerName ?? detail.providerName],
    ["providerType", detail.providerType],
    ["providerCd", detail.providerCd],
    ["version", detail.providerVersion],
    ["isActive", "on"],
    ...detail.vehicleMakes.map((make): Field => ["vehicleMakes", make]),
    ...detail.scanTypes.map((type): Field => ["scanTypes", type]),
    ["billingRuleId", detail.billingRule?.ruleId ?? ""],
    ...Object.entries(detail.billingRule?.paramValues ?? {}).map(([name, value]): Field => [`billingValues.${name}`, String(value)]),
    ...routings.flatMap((routing, index): Field[] => [
      [`routings[${index}].routingName`, routing.routingName],
      [`routings[${index}].routingUrl`, routing.routingUrl],
    ]),
    ...(changes.extra ?? []),
  ];
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}
