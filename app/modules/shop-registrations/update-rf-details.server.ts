import type { RowWriter } from "~/grid/versioned-row-action.server";
import { changed, STALE, wroteOne } from "~/modules/audit/versioned-change.server";
import { done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { changeRegistration } from "./change-registration.server";
import { REGISTRATION_MESSAGES } from "./registration-messages";
import { REGISTRATION_ACTIONS, registrationSnapshot, type RegistrationRecord } from "./registration-record.server";
import { findShopRecord, streetAddressOf, type ShopRecord } from "./shop-record.server";

/**
 * Update RF Details (dashboards spec §2.4, §7 PUT shopRegistration/{id}/updateShopDetails): the
 * registration's repair facility details (name, street address, city, state, zip) are copied from
 * the shop record its license number finds, the one the expanded row shows. A registration whose
 * shop is not known yet also takes that record's repair facility id as its shop id; a known shop id
 * is never replaced (decision 0044).
 */
type RfDetails = Pick<RegistrationRecord, "shopId" | "shopName" | "address" | "city" | "stateCd" | "zipCode">;

function rfDetailsOf(shop: ShopRecord, row: RegistrationRecord): RfDetails {
  return {
    shopId: row.shopId ?? shop.repairFacilityId,
    shopName: shop.custName,
    address: streetAddressOf(shop) || null,
    city: shop.city,
    stateCd: shop.stateCd,
    zipCode: shop.zip,
  };
}

const refusal = (text: string) => refused({ formErrors: [text], message: { title: "Fail", message: text } });

const sameDetails = (details: RfDetails, row: RegistrationRecord) => (Object.keys(details) as (keyof RfDetails)[]).every((key) => details[key] === row[key]);

export async function updateRfDetails(writer: RowWriter, id: number, version: number): Promise<ActionOutcome> {
  return changeRegistration(writer, id, version, REGISTRATION_ACTIONS.updateRfDetails, async (trx, row) => {
    if (!row.licenseKey) return refusal(REGISTRATION_MESSAGES.noLicense);
    const shop = await findShopRecord(row.licenseKey, row.shopId, trx);
    if (!shop) return refusal(REGISTRATION_MESSAGES.noShopRecord(row.licenseKey));
    const details = rfDetailsOf(shop, row);
    // Nothing to write is not a failure: said as information, and no audit row (nothing changed).
    if (sameDetails(details, row)) return done(REGISTRATION_MESSAGES.upToDate);
    const updated = await trx
      .updateTable("shopRegistrations")
      .set({ ...details, lastModifiedDateTime: writer.now.toISOString(), rowVersion: version + 1 })
      .where("id", "=", id)
      .where("rowVersion", "=", version)
      .executeTakeFirst();
    if (!wroteOne(updated)) return STALE;
    return changed(done(REGISTRATION_MESSAGES.rfUpdated(id)), {
      action: REGISTRATION_ACTIONS.updateRfDetails,
      before: registrationSnapshot(row),
      after: registrationSnapshot({ ...row, ...details }),
    });
  });
}
