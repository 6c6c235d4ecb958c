import type { Migration } from "kysely";
import type { DialectName } from "../dialect";
import { initialSchema } from "./0001-initial";
import { identitySchema } from "./0002-identity";
import { resendRequestsSchema } from "./0003-resend-requests";
import { gridIndexes } from "./0004-grid-indexes";
import { signInThrottleSchema } from "./0005-sign-in-throttle";
import { adminSchema } from "./0006-admin";
import { registrationsWithoutShopSchema } from "./0007-registrations-without-shop";
import { dashboardIndexes } from "./0008-dashboard-indexes";
import { scanFiguresSchema } from "./0009-scan-figures";
import { summarySqliteIndexes } from "./0010-summary-sqlite-indexes";
import { summaryIndexesWithProvider } from "./0011-summary-indexes-with-provider";
import { auditChainSchema } from "./0012-audit-chain";
import { auditOutcomeSchema } from "./0013-audit-outcome";
import { scanRequestWindowIndexes } from "./0014-scan-request-window-indexes";
import { testShopFiguresSchema } from "./0015-test-shop-figures";
import { serviceNameIndex } from "./0016-service-name-index";

/** Forward-only migrations, in order. Names sort lexically; never rename or edit a released one. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    "0001-initial": { up: initialSchema(dialect) },
    "0002-identity": { up: identitySchema(dialect) },
    "0003-resend-requests": { up: resendRequestsSchema(dialect) },
    "0004-grid-indexes": { up: gridIndexes(dialect) },
    "0005-sign-in-throttle": { up: signInThrottleSchema(dialect) },
    "0006-admin": { up: adminSchema(dialect) },
    "0007-registrations-without-shop": { up: registrationsWithoutShopSchema(dialect) },
    "0008-dashboard-indexes": { up: dashboardIndexes(dialect) },
    "0009-scan-figures": { up: scanFiguresSchema(dialect) },
    "0010-summary-sqlite-indexes": { up: summarySqliteIndexes(dialect) },
    "0011-summary-indexes-with-provider": { up: summaryIndexesWithProvider(dialect) },
    "0012-audit-chain": { up: auditChainSchema(dialect) },
    "0013-audit-outcome": { up: auditOutcomeSchema(dialect) },
    "0014-scan-request-window-indexes": { up: scanRequestWindowIndexes(dialect) },
    "0015-test-shop-figures": { up: testShopFiguresSchema(dialect) },
    "0016-service-name-index": { up: serviceNameIndex(dialect) },
  };
}
