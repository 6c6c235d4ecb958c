import type { ScanType } from "~/modules/transactions/vocabulary";
import type { ProviderProfile } from "../entities/providers";
import type { ProviderShops } from "../entities/registrations";
import type { Weighted } from "../random";
import { MAKE_BY_CODE, type VehicleMake } from "../reference/vehicles";

/** Relative share of each scan type, among the types a provider offers. */
const SCAN_TYPE_WEIGHTS: Record<ScanType, number> = { Scan: 62, Calibration: 15, Programming: 13, Adas: 6, Sublet: 3 };

export interface ProviderChoices {
  shops: ProviderShops;
  scanTypes: Weighted<ScanType>;
  makes: Weighted<VehicleMake>;
}

/** Everything a scan request is drawn from, prepared once per seed run. */
export interface RequestWorld {
  providers: Weighted<ProviderChoices>;
  demoProvider: ProviderChoices;
}

export function buildRequestWorld(providers: readonly ProviderProfile[], shopsByProvider: Map<number, ProviderShops>, demoProviderId: number): RequestWorld {
  const choices = providers.map((provider): ProviderChoices => {
    const shops = shopsByProvider.get(provider.providerId);
    if (!shops || shops.registrations.length === 0) throw new Error(`Provider ${provider.providerId} has no registered shop`);
    const makes = provider.makeCodes.flatMap((code) => {
      const make = MAKE_BY_CODE.get(code);
      return make ? [[make, make.weight] as const] : [];
    });
    return { shops, scanTypes: provider.scanTypes.map((type) => [type, SCAN_TYPE_WEIGHTS[type]] as const), makes };
  });
  const demoProvider = choices.find((choice) => choice.shops.provider.providerId === demoProviderId);
  if (!demoProvider) throw new Error(`The demo provider ${demoProviderId} is not seeded`);
  return { providers: choices.map((choice) => [choice, choice.shops.provider.requestWeight] as const), demoProvider };
}
