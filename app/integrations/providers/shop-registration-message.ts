import { z } from "zod";

/**
 * What Resend sends a provider (dashboards spec §7 resendShopRegDetailsToProvider/{shopId}/{providerId}):
 * the registration as the portal holds it, as JSON. The sandbox reads it with the same schema.
 */
export const shopRegistrationMessageSchema = z.object({
  registrationId: z.number().int().positive(),
  providerId: z.number().int().positive(),
  providerCustomerId: z.string().max(200).nullable(),
  licenseKey: z.string().max(50).nullable(),
  shopId: z.number().int().positive(),
  shopName: z.string().max(500).nullable(),
  address: z.string().max(500).nullable(),
  city: z.string().max(200).nullable(),
  stateCd: z.string().max(10).nullable(),
  zipCode: z.string().max(20).nullable(),
  isActive: z.boolean(),
  diagnosticsProducts: z.array(z.string().max(200)).max(100),
});

export type ShopRegistrationMessage = z.infer<typeof shopRegistrationMessageSchema>;
