import { sql, type SqlBool } from "kysely";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { escapeLike } from "~/db/like";
import { storedImages, type ImageExtension } from "~/lib/storage/stored-images.server";
import { isMemberRole } from "~/features/roles/role-rank";
import { sortNameOf, type OrganizationListParams } from "./list-params";

/** Organization logos: `uploads/logos/<organization id>-<random>.<type>` of the app's store. */
export const logos = storedImages("logos");

export interface OrganizationInput {
  name: string;
  website: string | null;
}

/** One page of the tenant's organizations with their team and member counts, and how many match. */
export async function listOrganizations(tenantId: string, params: OrganizationListParams, db: DB = getDb()) {
  let query = db.selectFrom("organizations").where("organizations.tenant_id", "=", tenantId);
  if (params.search) {
    // The name is matched folded, as it sorts ("arzt" finds "Ärztehaus"); the website as typed, ignoring case.
    const name = `%${escapeLike(sortNameOf(params.search))}%`;
    const website = `%${escapeLike(params.search.toLocaleLowerCase("en"))}%`;
    query = query.where(
      sql<SqlBool>`(organizations.sort_name like ${name} escape '\\' or lower(coalesce(organizations.website, '')) like ${website} escape '\\')`,
    );
  }
  const direction = params.sortOrder;
  const [items, count] = await Promise.all([
    query
      .select([
        "organizations.id",
        "organizations.name",
        "organizations.website",
        "organizations.logo_file",
        "organizations.created_at",
        (eb) => eb.selectFrom("teams").select(eb.fn.countAll<number>().as("n")).whereRef("teams.organization_id", "=", "organizations.id").as("team_count"),
        (eb) =>
          eb
            .selectFrom("organization_members")
            .select(eb.fn.countAll<number>().as("n"))
            .whereRef("organization_members.organization_id", "=", "organizations.id")
            .as("member_count"),
      ])
      .orderBy(params.sortBy === "name" ? "organizations.sort_name" : "organizations.created_at", direction)
      .orderBy("organizations.id", direction)
      .limit(params.limit)
      .offset((params.page - 1) * params.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    items: items.map((item) => ({ ...item, team_count: Number(item.team_count ?? 0), member_count: Number(item.member_count ?? 0) })),
    total,
    pageCount: Math.max(1, Math.ceil(total / params.limit)),
  };
}

export function getOrganization(tenantId: string, organizationId: string, db: DB = getDb()) {
  return db.selectFrom("organizations").selectAll().where("tenant_id", "=", tenantId).where("id", "=", organizationId).executeTakeFirst();
}

/**
 * The creator becomes the first member, with the role they act in (the
 * higher of their account's and their selected organization's): creating an
 * organization grants nothing the creator did not already hold.
 */
export async function createOrganization(tenantId: string, ownerUserId: string, input: OrganizationInput, creatorRoleKey?: string, db: DB = getDb()) {
  const timestamp = now();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const creator = await trx
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select("roles.key")
      .where("users.id", "=", ownerUserId)
      .where("users.tenant_id", "=", tenantId)
      .executeTakeFirst();
    await trx
      .insertInto("organizations")
      .values({
        id,
        tenant_id: tenantId,
        name: input.name,
        sort_name: sortNameOf(input.name),
        website: input.website,
        logo_file: null,
        owner_user_id: ownerUserId,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .execute();
    if (creator) {
      await trx
        .insertInto("organization_members")
        .values({
          organization_id: id,
          user_id: ownerUserId,
          role_key: isMemberRole(creatorRoleKey) ? creatorRoleKey : isMemberRole(creator.key) ? creator.key : "owner",
          created_at: timestamp,
        })
        .execute();
    }
  });
  return id;
}

export async function updateOrganization(tenantId: string, organizationId: string, input: OrganizationInput, db: DB = getDb()) {
  const result = await db
    .updateTable("organizations")
    .set({ name: input.name, sort_name: sortNameOf(input.name), website: input.website, updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores a new logo and points the organization at it; the old one is
 * removed only once the row no longer names it, so a failure in between
 * leaves the old logo showing, never a broken one.
 */
export async function replaceLogo(tenantId: string, organizationId: string, bytes: Uint8Array, extension: ImageExtension, db: DB = getDb()) {
  const organization = await getOrganization(tenantId, organizationId, db);
  if (!organization) return false;
  const fileName = await logos.save(organizationId, bytes, extension);
  await db
    .updateTable("organizations")
    .set({ logo_file: fileName, updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", organizationId)
    .execute();
  await logos.remove(organization.logo_file);
  return true;
}

/** What deleting an organization takes with it, for the confirmation to name. */
export async function organizationContents(tenantId: string, organizationId: string, db: DB = getDb()) {
  const organization = await getOrganization(tenantId, organizationId, db);
  if (!organization) return null;
  const [teams, members] = await Promise.all([
    db
      .selectFrom("teams")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("organization_id", "=", organizationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("organization_members")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("organization_id", "=", organizationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { organization, teams: Number(teams.n), members: Number(members.n) };
}

/** Deletes the organization with its teams and memberships (the users stay), then its logo. */
export async function deleteOrganization(tenantId: string, organizationId: string, db: DB = getDb()) {
  const organization = await getOrganization(tenantId, organizationId, db);
  if (!organization) return null;
  await db.deleteFrom("organizations").where("tenant_id", "=", tenantId).where("id", "=", organizationId).execute();
  await logos.remove(organization.logo_file);
  return organization;
}
