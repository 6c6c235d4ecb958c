import { refusedLiteralHost } from "~/integrations/http/outbound-address.server";
import { outboundAllowList } from "~/integrations/http/outbound-allow.server";
import { newProviderSchema, PROVIDER_MESSAGES, providerEditSchema, routingsSchemaWith } from "./provider-rules";

/**
 * The provider forms as the server parses them: the browser's schemas, and a routing whose host is
 * an internal address as written (127.0.0.1, 10.1.2.3, [::1], localhost) refused beside its URL
 * unless OUTBOUND_ALLOW names it (decision 0061). A name that resolves to such an address is
 * refused when Resend calls it, by the guarded client.
 */
const serverRoutingsSchema = routingsSchemaWith((url) =>
  refusedLiteralHost(url, outboundAllowList()) === null ? null : PROVIDER_MESSAGES.routingAddressRefused,
);

export const newProviderServerSchema = newProviderSchema.extend({ routings: serverRoutingsSchema });
export const providerEditServerSchema = providerEditSchema.extend({ routings: serverRoutingsSchema });
