import type { Kysely } from "kysely";

/**
 * Organizations (a tenant's businesses: a dental practice, a gym, a garage)
 * and their teams, the people who take appointments (issue 12). Members of
 * an organization carry a role key of the permission model; team members are
 * users of the same tenant. `sort_name` is the name folded for sorting
 * (lower case, accents off), so both databases order "Ärztehaus" with the A's.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort_name", "text", (c) => c.notNull())
    .addColumn("website", "text")
    // The stored logo's name (~/lib/storage/stored-images.server.ts, folder "logos").
    .addColumn("logo_file", "text")
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("organizations_tenant_sort_name").on("organizations").columns(["tenant_id", "sort_name", "id"]).execute();
  await db.schema.createIndex("organizations_tenant_created").on("organizations").columns(["tenant_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("organization_members")
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("organization_members_pk", ["organization_id", "user_id"])
    .execute();
  await db.schema.createIndex("organization_members_user").on("organization_members").column("user_id").execute();

  await db.schema
    .createTable("teams")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("teams_organization").on("teams").columns(["organization_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("team_members")
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("team_members_pk", ["team_id", "user_id"])
    .execute();
  await db.schema.createIndex("team_members_user").on("team_members").column("user_id").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["team_members", "teams", "organization_members", "organizations"]) await db.schema.dropTable(table).ifExists().execute();
}
