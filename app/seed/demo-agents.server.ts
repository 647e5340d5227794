import type { DB } from "~/db/db.server";
import { defaultAgentConfig, writeAgentConfig } from "~/features/agents/agent-config";
import { createAgent, publishAgent } from "~/features/agents/agents.server";
import { loadTemplateTexts } from "~/features/knowledge/template-texts.server";

/**
 * The demo tenant's agent: the appointment-booking script, published twice
 * (the second version adds a line to the instructions), so the list, the
 * editor and the versions view with its diff have something to show.
 */
export async function seedDemoAgents(db: DB, tenantId: string, ownerId: string) {
  const texts = (await loadTemplateTexts()).en["appointment-booking"];
  const config = defaultAgentConfig("en", "Ava – front desk");
  config.general.firstMessage = texts?.firstMessage ?? "Hello, how can I help?";
  config.context.instructions = texts?.content ?? "You book appointments for our business.";
  config.privacy.transcriptRetentionDays = 90;
  const id = await createAgent(tenantId, { name: config.general.name, language: "en" }, Number.MAX_SAFE_INTEGER, db);
  await db
    .updateTable("agents")
    .set({ config: writeAgentConfig(config) })
    .where("id", "=", id)
    .execute();
  await publishAgent(tenantId, id, ownerId, db);
  config.context.instructions = `${config.context.instructions}\nOffer the earliest free time first.`;
  config.personality.tone = "calm";
  await db
    .updateTable("agents")
    .set({ config: writeAgentConfig(config) })
    .where("id", "=", id)
    .execute();
  await publishAgent(tenantId, id, ownerId, db);
  return id;
}
