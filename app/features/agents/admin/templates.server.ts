import { getDb, newId, now, type DB } from "~/db/db.server";
import type { AgentTemplateStatus } from "~/db/schema";
import { TEMPLATES } from "~/features/knowledge/catalogue";
import { loadTemplateTexts } from "~/features/knowledge/template-texts.server";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { defaultAgentConfig, readAgentConfig, writeAgentConfig, type AgentConfig } from "../agent-config";

/**
 * The global templates tenants start an agent from (docs/product/agents.md#templates).
 * A super admin creates, edits, publishes and retires them; tenants see the
 * published ones. The knowledge base's script templates ship as the first
 * ones, in English and German, the first time the app starts.
 */

const builtInId = (template: string, language: string) => `builtin-${template}-${language}`;

export async function ensureAgentTemplates(db: DB = getDb()) {
  const texts = await loadTemplateTexts();
  for (const language of SUPPORTED_LANGUAGES) {
    const t = await getTranslatorFor(language, "agents");
    for (const template of TEMPLATES) {
      const text = texts[language][template];
      if (!text) continue;
      const config = defaultAgentConfig(language, t(`builtInTemplates.${template}.name`));
      config.general.firstMessage = text.firstMessage;
      config.context.instructions = text.content;
      const timestamp = now();
      await db
        .insertInto("agent_templates")
        .values({
          id: builtInId(template, language),
          name: t(`builtInTemplates.${template}.name`),
          description: t(`builtInTemplates.${template}.description`),
          language,
          config: writeAgentConfig(config),
          status: "published",
          created_at: timestamp,
          updated_at: timestamp,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  }
}

export interface TemplateCard {
  id: string;
  name: string;
  description: string;
  language: string;
  status: AgentTemplateStatus;
  updatedAt: string;
}

const toCard = (row: { id: string; name: string; description: string; language: string; status: AgentTemplateStatus; updated_at: string }): TemplateCard => ({
  id: row.id,
  name: row.name,
  description: row.description,
  language: row.language,
  status: row.status,
  updatedAt: row.updated_at,
});

/** What a tenant may start from: the published templates, in the given language first. */
export async function listPublishedTemplates(db: DB = getDb()) {
  const rows = await db.selectFrom("agent_templates").selectAll().where("status", "=", "published").orderBy("language").orderBy("name").execute();
  return rows.map(toCard);
}

/** Every template, for the super admin's screen. */
export async function listAllTemplates(db: DB = getDb()) {
  const rows = await db.selectFrom("agent_templates").selectAll().orderBy("status").orderBy("language").orderBy("name").execute();
  return rows.map(toCard);
}

export async function findTemplate(id: string, db: DB = getDb()) {
  const row = await db.selectFrom("agent_templates").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...toCard(row), config: readAgentConfig(row.config) } : null;
}

export async function createTemplate(values: { name: string; description: string; language: "en" | "de" }, db: DB = getDb()) {
  const id = newId();
  const timestamp = now();
  await db
    .insertInto("agent_templates")
    .values({
      id,
      ...values,
      config: writeAgentConfig(defaultAgentConfig(values.language, values.name)),
      status: "draft",
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  return id;
}

export async function updateTemplate(
  id: string,
  values: { name: string; description: string; language: "en" | "de" },
  config: AgentConfig | null,
  db: DB = getDb(),
) {
  const result = await db
    .updateTable("agent_templates")
    .set({ ...values, ...(config ? { config: writeAgentConfig(config) } : {}), updated_at: now() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** draft → published → retired (and a retired one published again); a retired template is no longer offered, agents made from it keep their copy. */
export async function setTemplateStatus(id: string, status: AgentTemplateStatus, db: DB = getDb()) {
  const result = await db.updateTable("agent_templates").set({ status, updated_at: now() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
