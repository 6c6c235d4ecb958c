import { describe, expect, it } from "vitest";
import { adminScreensLine } from "~/components/home/admin-screens-line";
import { ADMIN_TABS } from "~/modules/admin/admin-tabs";

describe("the Home page's Admin card", () => {
  it("names all nine admin screens for a user who has them, in the tabs' order", () => {
    expect(ADMIN_TABS).toHaveLength(9);
    expect(adminScreensLine(ADMIN_TABS.map((tab) => tab.label))).toBe(
      "User Roles, Applications, Providers, Configurations, Shop Registrations, Devices, Feedbacks/Errors, Redshift ETL Dashboard and Activity.",
    );
  });

  it("reads as a sentence for one or two screens", () => {
    expect(adminScreensLine(["User Roles"])).toBe("User Roles.");
    expect(adminScreensLine(["User Roles", "Devices"])).toBe("User Roles and Devices.");
  });
});
