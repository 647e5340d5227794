import { getZodConstraint } from "@conform-to/zod";
import type { AgentTab } from "./agent-rules";
import { disableSchema, newAgentSchema, platformConnectSchema, tabSchema, templateSchema, testTurnSchema } from "./schemas";

/** The agent forms' HTML constraints, worked out on the server so the pages ship no zod. */
export const newAgentFormConstraint = getZodConstraint(newAgentSchema);
export const testTurnConstraint = getZodConstraint(testTurnSchema);
export const disableConstraint = getZodConstraint(disableSchema);
export const templateConstraint = getZodConstraint(templateSchema);
export const tabConstraint = (tab: AgentTab, country: string) => getZodConstraint(tabSchema(tab, country));
export const platformConnectConstraint = getZodConstraint(platformConnectSchema);
