import { DEFAULT_PAGE_SIZE, gridDefinition, PAGE_SIZES } from "~/grid/definition";
import { onlyTrusted, trustSwitch } from "~/grid/trust-switch";

/**
 * The Devices table (dashboards spec §2.5, following Shop Registrations §2.4; §3 Device
 * registration; §4; §9): every device registration, last modified first, 20 rows; dates in the
 * admin tables' DD-MMM-YY hh:mm A. With trust=Y in the URL each row offers DeRegister and Delete
 * (decision 0041); trust=Y is never remembered (decision 0063).
 */
export const DEVICES_PATH = "/admin/devices";
/** The page permission of the screen, and of its writes (the spec names no other). */
export const DEVICES_PAGE = "devices";

export const DEVICE_INTENTS = { deregister: "deregisterDevice", delete: "deleteDevice" } as const;

const STATUS_OPTIONS = [
  { value: "Active", label: "Active" },
  { value: "Inactive", label: "Inactive" },
] as const;

export const devicesGrid = gridDefinition({
  id: "devices",
  path: DEVICES_PATH,
  title: "Devices",
  columns: [
    { id: "registrationId", label: "Registration Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "providerId", label: "Provider Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "shopId", label: "Shop Id", defaultVisible: true, sortable: true, width: "id", align: "end" },
    { id: "serialNo", label: "Serial No", defaultVisible: true, sortable: true, width: "code" },
    { id: "nickname", label: "Nickname", defaultVisible: true, sortable: true, width: "medium" },
    { id: "type", label: "Type", defaultVisible: true, sortable: true, width: "short" },
    { id: "status", label: "Status", defaultVisible: true, sortable: true, width: "short" },
    { id: "createdDateTime", label: "Created Date", defaultVisible: false, sortable: true, width: "dateTime", dateStyle: "table" },
    { id: "createdUserId", label: "Created By", defaultVisible: false, sortable: true, width: "medium" },
    { id: "lastModifiedDateTime", label: "Last Modified Date", defaultVisible: true, sortable: true, width: "dateTime", dateStyle: "table" },
    { id: "modifiedUserId", label: "Modified By", defaultVisible: true, sortable: true, width: "medium" },
  ],
  filters: [
    { id: "registrationId", label: "Registration Id", kind: { type: "text", maxLength: 9, digits: true } },
    { id: "providerId", label: "Provider Id", kind: { type: "text", maxLength: 9, digits: true } },
    { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
    { id: "serialNo", label: "Serial No", kind: { type: "text", maxLength: 50 } },
    { id: "nickname", label: "Nickname", kind: { type: "text", maxLength: 100 } },
    { id: "type", label: "Type", kind: { type: "text", maxLength: 50 } },
    { id: "status", label: "Status", kind: { type: "select", options: STATUS_OPTIONS } },
  ],
  defaultSort: { column: "lastModifiedDateTime", dir: "desc" },
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  params: [trustSwitch],
  actions: [
    {
      intent: DEVICE_INTENTS.deregister,
      label: "DeRegister",
      placement: "row",
      shownWhen: onlyTrusted,
      offeredOn: { column: "status", value: "Active" },
      confirm: "De-register this device? It stays in the list as Inactive.",
    },
    {
      intent: DEVICE_INTENTS.delete,
      label: "Delete",
      placement: "row",
      shownWhen: onlyTrusted,
      confirm: "Delete this device registration? This cannot be undone.",
    },
  ],
});
