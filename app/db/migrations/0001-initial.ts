import { sql } from "kysely";
import type { DialectName } from "../dialect";
import { columnTypes, flag, type MigrationDb } from "./column-types";

/** Every entity of the three specification documents. Forward only. */
export function initialSchema(dialect: DialectName) {
  const t = columnTypes(dialect);

  return async function up(db: MigrationDb): Promise<void> {
    // --- Identity, sessions, preferences -------------------------------------------------------
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("login", "text", (c) => c.notNull().unique())
      .addColumn("first_name", "text")
      .addColumn("last_name", "text")
      .addColumn("email", "text")
      .addColumn("ldapdn", "text")
      .addColumn("dloedrprole", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE"))
      .addColumn("company_id", "integer")
      .addColumn("password_hash", "text")
      .addColumn("created", t.timestamp, (c) => c.notNull())
      .addColumn("last_updated", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("users_last_updated").on("users").columns(["last_updated", "id"]).execute();
    await db.schema.createIndex("users_company").on("users").column("company_id").execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", t.timestamp, (c) => c.notNull())
      .addColumn("last_activity_at", t.timestamp, (c) => c.notNull())
      .addColumn("access_token", "text")
      .addColumn("access_token_expires_at", t.timestamp)
      .addColumn("refresh_token", "text")
      .addColumn("id_token", "text")
      .addColumn("claims", t.json, (c) => c.notNull().defaultTo("{}"))
      .addColumn("refreshing_until", t.timestamp)
      .execute();
    await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
    await db.schema.createIndex("sessions_last_activity").on("sessions").column("last_activity_at").execute();

    await db.schema
      .createTable("user_preferences")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("pref_key", "text", (c) => c.notNull())
      .addColumn("pref_value", t.json, (c) => c.notNull())
      .addColumn("updated_at", t.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint("user_preferences_pk", ["user_id", "pref_key"])
      .execute();

    // --- Configuration store ---------------------------------------------------------------------
    await db.schema
      .createTable("configurations")
      .addColumn("config_id", "integer", t.identity)
      .addColumn("config_key", "text", (c) => c.notNull())
      .addColumn("config_value_type", "text", (c) =>
        c.notNull().check(sql`config_value_type in ('JSON', 'TEXT', 'ENCRYPT', 'BILLING_RULE', 'LIST_CODE_LABELS')`),
      )
      .addColumn("config_value", "text")
      .addColumn("config_group", "text")
      .addColumn("config_group_value", "text")
      .addColumn("config_description", "text")
      .addColumn("product_area", "text")
      .$call((b) => flag(b, "is_active", 1))
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("created_by", "text")
      .addColumn("updated_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("updated_by", "text")
      .addColumn("row_version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`create unique index configurations_key_group on configurations (config_key, coalesce(config_group_value, ''))`.execute(db);
    await db.schema.createIndex("configurations_updated").on("configurations").columns(["updated_date_time", "config_id"]).execute();

    // --- Providers --------------------------------------------------------------------------------
    await db.schema
      .createTable("providers")
      .addColumn("provider_id", "integer", (c) => c.primaryKey().check(sql`provider_id > 0`))
      .addColumn("provider_name", "text", (c) => c.notNull())
      .addColumn("provider_type", "text", (c) => c.notNull())
      .addColumn("provider_cd", "text", (c) => c.notNull())
      .addColumn("version", "text", (c) => c.notNull())
      .addColumn("notes", "text")
      .$call((b) => flag(b, "is_active", 1))
      .addColumn("vehicle_makes", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("scan_types", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("scan_perform_types", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("non_billable_procedures", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("product_codes", t.json)
      .addColumn("address", "text")
      .addColumn("city", "text")
      .addColumn("state", "text")
      .addColumn("zip", "text")
      .addColumn("country", "text")
      .addColumn("phone", "text")
      .addColumn("fax", "text")
      .addColumn("vin_billing_interval_days", "integer", (c) => c.check(sql`vin_billing_interval_days is null or vin_billing_interval_days between 0 and 365`))
      .addColumn("registration_config", "text")
      .addColumn("billing_rule_id", "text")
      .addColumn("billing_rule_desc", "text")
      .addColumn("billing_rule_param_values", t.json, (c) => c.notNull().defaultTo("{}"))
      .addColumn("logo_storage_key", "text")
      .addColumn("logo_content_type", "text")
      .addColumn("created_by", "text")
      .addColumn("updated_by", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("updated_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("row_version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex("providers_updated").on("providers").columns(["updated_date_time", "provider_id"]).execute();

    await db.schema
      .createTable("provider_routings")
      .addColumn("routing_id", "integer", t.identity)
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id").onDelete("cascade"))
      .addColumn("routing_name", "text", (c) => c.notNull())
      .addColumn("routing_url", "text", (c) => c.notNull())
      .addColumn("routing_timeout", "integer")
      .addColumn("request_translator", "text")
      .addColumn("response_translator", "text")
      .execute();
    await db.schema.createIndex("provider_routings_provider").on("provider_routings").column("provider_id").execute();

    // --- Shops (the shop search-index documents) and registrations ------------------------------
    await db.schema
      .createTable("shops")
      .addColumn("repair_facility_id", "integer", (c) => c.primaryKey())
      .addColumn("master_location_id", "text", (c) => c.notNull().unique())
      .addColumn("license_num", "text")
      .addColumn("print_name", "text")
      .addColumn("cust_name", "text", (c) => c.notNull())
      .addColumn("primary_email", "text")
      .addColumn("tlcm_area_cd", "text")
      .addColumn("tlcm_num", "text")
      .addColumn("web_address", "text")
      .addColumn("addr_line1", "text")
      .addColumn("addr_line2", "text")
      .addColumn("city", "text")
      .addColumn("state_cd", "text")
      .addColumn("state", "text")
      .addColumn("zip", "text")
      .addColumn("zip_extn", "text")
      .addColumn("country_cd", "text")
      .addColumn("latitude", t.double)
      .addColumn("longitude", t.double)
      .addColumn("is_internal", "text", (c) =>
        c
          .notNull()
          .defaultTo("N")
          .check(sql`is_internal in ('Y', 'N')`),
      )
      .addColumn("tags", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("doc_version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("doc_timestamp", t.timestamp, (c) => c.notNull())
      .addColumn("created_user", "text")
      .addColumn("updated_user", "text")
      .addColumn("created_datetime", t.timestamp, (c) => c.notNull())
      .addColumn("updated_datetime", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("shops_license").on("shops").column("license_num").execute();
    await db.schema.createIndex("shops_internal").on("shops").column("is_internal").execute();

    await db.schema
      .createTable("shop_registrations")
      .addColumn("id", "integer", t.identity)
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("provider_customer_id", "text")
      .addColumn("license_key", "text")
      .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.repair_facility_id"))
      .addColumn("shop_name", "text")
      .addColumn("address", "text")
      .addColumn("city", "text")
      .addColumn("state_cd", "text")
      .addColumn("zip_code", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .$call((b) => flag(b, "is_active", 1))
      .addColumn("diagnostics_products", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("provider_status", "text", (c) => c.check(sql`provider_status is null or provider_status in ('Success', 'Pending', 'Failed')`))
      .addColumn("row_version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex("shop_registrations_modified").on("shop_registrations").columns(["last_modified_date_time", "id"]).execute();
    await db.schema.createIndex("shop_registrations_provider").on("shop_registrations").columns(["provider_id", "last_modified_date_time"]).execute();
    await db.schema.createIndex("shop_registrations_shop").on("shop_registrations").column("shop_id").execute();

    await db.schema
      .createTable("device_registrations")
      .addColumn("registration_id", "integer", t.identity)
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.repair_facility_id"))
      .addColumn("serial_no", "text", (c) => c.notNull())
      .addColumn("nickname", "text")
      .addColumn("type", "text")
      .$call((b) => flag(b, "is_active", 1))
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("created_user_id", "text")
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("modified_user_id", "text")
      .addColumn("row_version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex("device_registrations_modified").on("device_registrations").columns(["last_modified_date_time", "registration_id"]).execute();
    await db.schema.createIndex("device_registrations_provider").on("device_registrations").columns(["provider_id", "last_modified_date_time"]).execute();

    // --- Scan requests, details, responses ---------------------------------------------------------
    await db.schema
      .createTable("scan_requests")
      .addColumn("scan_request_id", "integer", t.identity)
      .addColumn("scan_response_id", "integer")
      .addColumn("master_id", "integer")
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("provider_scan_status", "text")
      .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.repair_facility_id"))
      .addColumn("shop_name", "text")
      .addColumn("license_no", "text")
      .addColumn("repair_order_no", "text")
      .addColumn("vin", "text")
      .addColumn("year", "integer")
      .addColumn("make", "text")
      .addColumn("model", "text")
      .addColumn("body_style", "text")
      .addColumn("engine", "text")
      .addColumn("scan_type", "text", (c) => c.notNull())
      .addColumn("scan_phase", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("invoice_status", "text")
      .addColumn("quote_id", "integer")
      .addColumn("service_uid", "text")
      .addColumn("provider_scan_type", "text")
      .addColumn("provider_service_name", "text")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("client_type", "text")
      .$call((b) => flag(b, "is_billable", 1))
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("scan_request_details")
      .addColumn("scan_request_id", "integer", (c) => c.primaryKey().references("scan_requests.scan_request_id").onDelete("cascade"))
      .addColumn("provider_type", "text")
      .addColumn("scan_start_time_stamp", t.timestamp)
      .addColumn("scan_end_time_stamp", t.timestamp)
      .addColumn("created_user_id", "text")
      .addColumn("device", "text")
      .addColumn("app_id", "text")
      .addColumn("scan_result_received_timestamp", t.timestamp)
      .addColumn("response_wait_time", "integer")
      .addColumn("provider_status", "text")
      .addColumn("cccone_response", "text")
      .addColumn("cccone_response_status", "text")
      .addColumn("comments", "text")
      .addColumn("retry_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("scan_responses")
      .addColumn("scan_response_id", "integer", t.identity)
      .addColumn("scan_request_id", "integer", (c) => c.notNull().unique().references("scan_requests.scan_request_id").onDelete("cascade"))
      .addColumn("provider_response_id", "text")
      .addColumn("ccc_license_number", "text")
      .addColumn("serial_no", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("vin", "text")
      .addColumn("year", "integer")
      .addColumn("make", "text")
      .addColumn("model", "text")
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("shop_id", "integer", (c) => c.notNull())
      .addColumn("scan_type", "text")
      .addColumn("scan_phase", "text")
      .addColumn("invoice_status", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("diagnostic_report_message_retry_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("invoice_message_retry_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("ccc_one_ref", "text")
      .addColumn("scan_result_details", t.json, (c) => c.notNull())
      .addColumn("primary_impact_cd", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("secondary_impact_cd", t.json, (c) => c.notNull().defaultTo("[]"))
      .execute();

    await db.schema
      .createTable("special_function_info")
      .addColumn("script_number", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("precondition", "text")
      .addColumn("failure_reasons", "text")
      .execute();

    // --- Invoices ----------------------------------------------------------------------------------
    await db.schema
      .createTable("invoices")
      .addColumn("invoice_id", "text", (c) => c.primaryKey())
      .addColumn("scan_request_id", "integer", (c) => c.notNull().unique().references("scan_requests.scan_request_id").onDelete("cascade"))
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("invoice_status", "text", (c) => c.notNull())
      .addColumn("retry_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("invoice_list_price", t.money)
      .addColumn("invoice_net_price", t.money)
      .addColumn("invoice_tax_price", t.money)
      .addColumn("invoice_response", "text")
      .execute();

    await db.schema
      .createTable("invoice_line_items")
      .addColumn("id", "integer", t.identity)
      .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.invoice_id").onDelete("cascade"))
      .addColumn("line_no", "integer", (c) => c.notNull())
      .addColumn("service_uid", "text")
      .addColumn("type", "text")
      .addColumn("description", "text")
      .addColumn("list_price", t.money)
      .addColumn("net_price", t.money)
      .execute();
    await db.schema.createIndex("invoice_line_items_invoice").on("invoice_line_items").column("invoice_id").execute();

    // --- Quotes ------------------------------------------------------------------------------------
    await db.schema
      .createTable("quotes")
      .addColumn("quote_id", "integer", t.identity)
      .addColumn("scan_request_id", "integer", (c) => c.references("scan_requests.scan_request_id").onDelete("set null"))
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.repair_facility_id"))
      .addColumn("license_number", "text")
      .addColumn("shop_name", "text")
      .addColumn("repair_order_number", "text")
      .addColumn("workfile_id", "text")
      .addColumn("vin", "text")
      .addColumn("year", "integer")
      .addColumn("make", "text")
      .addColumn("model", "text")
      .addColumn("repair_phase", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .$call((b) => flag(b, "service_received", 0))
      .addColumn("provider_registration_key", "text")
      .addColumn("insurance_company_nm", "text")
      .addColumn("insurance_company_cd", "text")
      .addColumn("document_id", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("quote_service_lines")
      .addColumn("id", "integer", t.identity)
      .addColumn("quote_id", "integer", (c) => c.notNull().references("quotes.quote_id").onDelete("cascade"))
      .addColumn("system", "text")
      .addColumn("subsystem", "text")
      .addColumn("location", "text")
      .$call((b) => flag(b, "capable", 1))
      .addColumn("type", "text")
      .addColumn("category", "text")
      .addColumn("service_uid", "text")
      .addColumn("ccc_procedure_id", "text")
      .addColumn("ccc_procedure_desc", "text")
      .addColumn("retail_price", t.money)
      .addColumn("shop_cost", t.money)
      .execute();
    await db.schema.createIndex("quote_service_lines_quote").on("quote_service_lines").column("quote_id").execute();

    await db.schema
      .createTable("quote_attachments")
      .addColumn("id", "integer", t.identity)
      .addColumn("quote_id", "integer", (c) => c.notNull().references("quotes.quote_id").onDelete("cascade"))
      .addColumn("type", "text")
      .addColumn("file_type", "text")
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("storage_key", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("quote_attachments_quote").on("quote_attachments").column("quote_id").execute();

    // --- Workflow documents and reports --------------------------------------------------------------
    await db.schema
      .createTable("transaction_documents")
      .addColumn("id", "integer", t.identity)
      .addColumn("scan_request_id", "integer", (c) => c.references("scan_requests.scan_request_id").onDelete("cascade"))
      .addColumn("quote_id", "integer", (c) => c.references("quotes.quote_id").onDelete("cascade"))
      .addColumn("created_timestamp", t.timestamp, (c) => c.notNull())
      .addColumn("message_direction", "text", (c) => c.notNull())
      .addColumn("transaction_type", "text", (c) => c.notNull())
      .addColumn("message_type", "text", (c) => c.notNull())
      .addColumn("s3_object_url", "text")
      .addColumn("content_type", "text")
      .addColumn("message_content", "text")
      .addColumn("app_id", "text")
      .execute();

    await db.schema
      .createTable("report_attachments")
      .addColumn("id", "integer", t.identity)
      .addColumn("scan_request_id", "integer", (c) => c.notNull().references("scan_requests.scan_request_id").onDelete("cascade"))
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("source", "text")
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("file_type", "text", (c) => c.notNull())
      .addColumn("storage_key", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .execute();

    // --- Error and feedback records ------------------------------------------------------------------
    await db.schema
      .createTable("error_records")
      .addColumn("error_id", "integer", t.identity)
      .addColumn("error_code", "text")
      .addColumn("error_type", "text", (c) => c.notNull().check(sql`error_type in ('WARN', 'ERROR')`))
      .addColumn("error_category", "text")
      .addColumn("provider_id", "integer")
      .addColumn("shop_id", "integer")
      .addColumn("created_date", t.timestamp, (c) => c.notNull())
      .addColumn("app_id", "text")
      .addColumn("transaction_id", "text")
      .addColumn("error_origin", "text", (c) => c.check(sql`error_origin is null or error_origin in ('CLIENT', 'API', 'ExternalAPI', 'WEBSOCKET')`))
      .addColumn("component", "text")
      .addColumn("user_id", "text")
      .addColumn("host", "text")
      .addColumn("severity", "text")
      .addColumn("error_msg", "text")
      .addColumn("error_details", "text")
      .execute();

    await db.schema
      .createTable("error_files")
      .addColumn("id", "integer", t.identity)
      .addColumn("error_id", "integer", (c) => c.notNull().references("error_records.error_id").onDelete("cascade"))
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("storage_key", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("error_files_error").on("error_files").column("error_id").execute();

    // --- Client applications ---------------------------------------------------------------------------
    await db.schema
      .createTable("applications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text")
      .addColumn("machine_name", "text")
      .addColumn("mac_addresses", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("platform", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("applications_modified").on("applications").columns(["last_modified_date_time", "id"]).execute();

    await db.schema
      .createTable("application_versions")
      .addColumn("id", "integer", t.identity)
      .addColumn("application_id", "text", (c) => c.notNull().references("applications.id").onDelete("cascade"))
      .addColumn("version", "text", (c) => c.notNull())
      .addColumn("created_by_user", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("application_versions_application").on("application_versions").columns(["application_id", "created_date_time"]).execute();

    await db.schema
      .createTable("application_third_party_software")
      .addColumn("id", "integer", t.identity)
      .addColumn("application_id", "text", (c) => c.notNull().references("applications.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("version", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("application_third_party_software_application")
      .on("application_third_party_software")
      .columns(["application_id", "created_date_time"])
      .execute();

    // --- Data warehouse: ETL variables and the adoption report -----------------------------------------
    await db.schema
      .createTable("etl_variables")
      .addColumn("var_id", "integer", t.identity)
      .addColumn("var_parent_key", "text")
      .addColumn("var_parent_val", "text")
      .addColumn("var_child_key", "text")
      .addColumn("var_child_val", "text")
      .addColumn("etl_job_name", "text")
      .addColumn("etl_batch_id", "integer")
      .addColumn("last_update_date", t.timestamp)
      .addColumn("last_update_user", "text")
      .addColumn("date_created", t.timestamp, (c) => c.notNull())
      .addColumn("row_version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable("adoption_report_rows")
      .addColumn("id", "integer", t.identity)
      .addColumn("rf_id", "integer", (c) => c.notNull())
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("provider_cd", "text")
      .addColumn("rf_nm", "text")
      .addColumn("mso_nm", "text")
      .addColumn("rf_st_cd", "text")
      .addColumn("rf_lic_num", "integer")
      .addColumn("rf_zip_cd", "text")
      .addColumn("is_workflow_shop", "text", (c) => c.check(sql`is_workflow_shop is null or is_workflow_shop in ('Y', 'N')`))
      .addColumn("activation_dt", t.date)
      .addColumn("first_scan_dt", t.date)
      .addColumn("is_shop_active", "text", (c) => c.notNull().check(sql`is_shop_active in ('Y', 'N')`))
      .addColumn("trend", "integer", (c) => c.check(sql`trend is null or trend in (0, 1)`))
      .addColumn("etl_updated_datetime", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("adoption_report_rows_provider").on("adoption_report_rows").columns(["provider_id", "rf_id"]).unique().execute();

    await db.schema
      .createTable("adoption_report_months")
      .addColumn("row_id", "integer", (c) => c.notNull().references("adoption_report_rows.id").onDelete("cascade"))
      .addColumn("month_dt", t.date, (c) => c.notNull())
      .addColumn("total_ro_cnt", "integer", (c) => c.notNull())
      .addColumn("unique_scan_cnt_ro_linked", "integer", (c) => c.notNull())
      .addColumn("total_scan_cnt_ro_linked", "integer", (c) => c.notNull())
      .addColumn("unique_scan_cnt", "integer", (c) => c.notNull())
      .addColumn("total_scan_cnt", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("adoption_report_months_pk", ["row_id", "month_dt"])
      .execute();

    // --- Indexes for the grids' filters and default sorts (newest first) ------------------------------
    const indexes: Array<[string, string, string[]]> = [
      ["scan_requests_created", "scan_requests", ["created_date_time", "scan_request_id"]],
      ["scan_requests_provider_created", "scan_requests", ["provider_id", "created_date_time"]],
      ["scan_requests_shop_created", "scan_requests", ["shop_id", "created_date_time"]],
      ["scan_requests_status_created", "scan_requests", ["status", "created_date_time"]],
      ["scan_requests_type_created", "scan_requests", ["type", "created_date_time"]],
      ["scan_requests_vin", "scan_requests", ["vin"]],
      ["scan_requests_license", "scan_requests", ["license_no"]],
      ["scan_requests_quote", "scan_requests", ["quote_id"]],
      ["scan_responses_created", "scan_responses", ["created_date_time", "scan_response_id"]],
      ["scan_responses_provider_created", "scan_responses", ["provider_id", "created_date_time"]],
      ["quotes_modified", "quotes", ["last_modified_date_time", "quote_id"]],
      ["quotes_provider_modified", "quotes", ["provider_id", "last_modified_date_time"]],
      ["quotes_scan_request", "quotes", ["scan_request_id"]],
      ["transaction_documents_request", "transaction_documents", ["scan_request_id", "created_timestamp"]],
      ["transaction_documents_quote", "transaction_documents", ["quote_id", "created_timestamp"]],
      ["report_attachments_request", "report_attachments", ["scan_request_id"]],
      ["error_records_created", "error_records", ["created_date", "error_id"]],
      ["error_records_provider_created", "error_records", ["provider_id", "created_date"]],
      ["error_records_shop_created", "error_records", ["shop_id", "created_date"]],
    ];
    for (const [name, table, columns] of indexes) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }

    // --- Audit log ----------------------------------------------------------------------------------
    await db.schema
      .createTable("audit_log")
      .addColumn("id", "integer", t.identity)
      .addColumn("at", t.timestamp, (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "text")
      .addColumn("before_value", t.json)
      .addColumn("after_value", t.json)
      .addColumn("request_id", "text")
      .execute();
    await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity", "entity_id", "at"]).execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
  };
}
