import { sql, type Kysely } from "kysely";

/**
 * Post-call templates (issue 25, docs/decisions/0031-post-call-templates.md):
 * a tenant's templates, each edit an immutable version; which template a
 * campaign, agent or number uses (else the tenant's default); what a
 * template's analysis found on a call, one row per call for the page and one
 * row per field and per criterion so /response filters and aggregates with
 * plain indexed SQL on both databases; and the "re-run on past calls" jobs
 * with what each one changed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("post_call_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("current_version", "integer", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("post_call_templates_name_unique", ["tenant_id", "name_key"])
    .execute();
  // At most one default per tenant, whatever two requests do at once.
  await db.schema
    .createIndex("post_call_templates_one_default")
    .on("post_call_templates")
    .column("tenant_id")
    .unique()
    .where(sql.ref("is_default"), "=", 1)
    .execute();

  await db.schema
    .createTable("post_call_template_versions")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("template_id", "text", (c) => c.notNull().references("post_call_templates.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_call_template_versions_pk", ["template_id", "version"])
    .execute();

  await db.schema
    .createTable("post_call_assignments")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("template_id", "text", (c) => c.notNull().references("post_call_templates.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_call_assignments_pk", ["tenant_id", "target_kind", "target_id"])
    .execute();
  await db.schema.createIndex("post_call_assignments_template").on("post_call_assignments").columns(["tenant_id", "template_id"]).execute();

  await db.schema
    .createTable("call_template_results")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("call_id", "text", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("template_id", "text", (c) => c.notNull().references("post_call_templates.id").onDelete("cascade"))
    .addColumn("template_version", "integer", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("summary", "text")
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("analyzed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("call_template_results_pk", ["tenant_id", "call_id"])
    .execute();
  await db.schema.createIndex("call_template_results_template").on("call_template_results").columns(["tenant_id", "template_id", "analyzed_at"]).execute();

  await db.schema
    .createTable("call_field_values")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("call_id", "text", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("field_key", "text", (c) => c.notNull())
    .addColumn("found", "integer", (c) => c.notNull())
    .addColumn("value_text", "text")
    .addColumn("value_number", "double precision")
    .addPrimaryKeyConstraint("call_field_values_pk", ["tenant_id", "call_id", "field_key"])
    .execute();
  await db.schema.createIndex("call_field_values_text").on("call_field_values").columns(["tenant_id", "template_id", "field_key", "value_text"]).execute();
  await db.schema.createIndex("call_field_values_number").on("call_field_values").columns(["tenant_id", "template_id", "field_key", "value_number"]).execute();

  await db.schema
    .createTable("call_criteria_results")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("call_id", "text", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("criterion_key", "text", (c) => c.notNull())
    .addColumn("verdict", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addPrimaryKeyConstraint("call_criteria_results_pk", ["tenant_id", "call_id", "criterion_key"])
    .execute();
  await db.schema
    .createIndex("call_criteria_results_template")
    .on("call_criteria_results")
    .columns(["tenant_id", "template_id", "criterion_key", "verdict"])
    .execute();

  await db.schema
    .createTable("post_call_reruns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("template_id", "text", (c) => c.notNull().references("post_call_templates.id").onDelete("cascade"))
    .addColumn("template_version", "integer", (c) => c.notNull())
    .addColumn("filter", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("changed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("requested_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("post_call_reruns_template").on("post_call_reruns").columns(["tenant_id", "template_id", "created_at"]).execute();

  await db.schema
    .createTable("post_call_rerun_calls")
    .addColumn("rerun_id", "text", (c) => c.notNull().references("post_call_reruns.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("call_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("outcome", "text")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addPrimaryKeyConstraint("post_call_rerun_calls_pk", ["rerun_id", "call_id"])
    .execute();
  await db.schema.createIndex("post_call_rerun_calls_position").on("post_call_rerun_calls").columns(["rerun_id", "position"]).execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "post_call_rerun_calls",
    "post_call_reruns",
    "call_criteria_results",
    "call_field_values",
    "call_template_results",
    "post_call_assignments",
    "post_call_template_versions",
    "post_call_templates",
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
