import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { DEFAULT_PAGE_SIZE, gridDefinition, PAGE_SIZES } from "~/grid/definition";
import { CONFIGURATION_INTENTS } from "./configuration-form";
import { CONFIG_VALUE_TYPES } from "./value-types";

/**
 * The Configurations grid (platform spec §2 Configurations screen, §3 Configuration, §9): every
 * configuration entry, newest update first, 20 rows; dates as MMM DD, YYYY hh:mm:ss A. The value
 * shows as {...} unless the type is TEXT, and an ENCRYPT value as its mask (decision 0038).
 */
export const CONFIGURATION_PATH = "/admin/configuration";
/** Add Configuration without JavaScript (the dialog posts to the same action). */
export const NEW_CONFIGURATION_PATH = `${CONFIGURATION_PATH}/new`;

/**
 * Writing configurations needs this permission besides the page. The spec names none for
 * configuration writes, so an unlisted one (the demo data) leaves writes to everyone who has the
 * page; listing it in REQUIRED_ROLES_FOR_PAGES makes the others read-only (decision 0038).
 */
export const CONFIGURATION_WRITE_PERMISSION = WRITE_PERMISSIONS.changeConfiguration;

export const configurationsGrid = gridDefinition({
  id: "configurations",
  path: CONFIGURATION_PATH,
  title: "Configurations",
  auditEntity: "configuration",
  columns: [
    { id: "configId", label: "Config Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "configKey", label: "Key", defaultVisible: true, sortable: true, width: "wider" },
    { id: "configValue", label: "Value", defaultVisible: true, sortable: false, width: "medium" },
    { id: "configGroup", label: "Group", defaultVisible: true, sortable: true, width: "medium" },
    { id: "configGroupValue", label: "Group Value", defaultVisible: true, sortable: true, width: "short" },
    { id: "configDescription", label: "Description", defaultVisible: false, sortable: true, width: "wide" },
    { id: "configValueType", label: "Value Type", defaultVisible: true, sortable: true, width: "code" },
    { id: "createdDateTime", label: "Created Date", defaultVisible: false, sortable: true, width: "dateTime", dateStyle: "configuration" },
    { id: "updatedDateTime", label: "Updated Date", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "configuration" },
    { id: "productArea", label: "Product Area", defaultVisible: false, sortable: true, width: "short" },
  ],
  filters: [
    { id: "configId", label: "Config Id", kind: { type: "text", maxLength: 9, digits: true } },
    { id: "configKey", label: "Key", kind: { type: "text", maxLength: 200 } },
    { id: "configValue", label: "Value", kind: { type: "text", maxLength: 200 } },
    { id: "configGroupValue", label: "Group Value", kind: { type: "text", maxLength: 200 } },
    { id: "configValueType", label: "Value Type", kind: { type: "select", options: CONFIG_VALUE_TYPES.map((type) => ({ value: type, label: type })) } },
  ],
  defaultSort: { column: "updatedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  actions: [
    { intent: CONFIGURATION_INTENTS.save, label: "Save", placement: "detail" },
    { intent: CONFIGURATION_INTENTS.delete, label: "Delete Configuration", placement: "selection", confirm: "Delete these configurations?" },
  ],
});
