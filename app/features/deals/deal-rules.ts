import type { DealStageKind } from "~/db/schema";

/**
 * The rules of deals and pipelines that the forms and the server share
 * (docs/product/deals.md), without zod so components may import them.
 */

export const STAGE_KINDS = ["open", "won", "lost"] as const satisfies readonly DealStageKind[];
export type StageKind = DealStageKind;

/** The default pipeline's stages, in order: the keys of their translated names (deals:stageNames.*). */
export const DEFAULT_STAGES: ReadonlyArray<{ key: string; kind: StageKind }> = [
  { key: "new", kind: "open" },
  { key: "qualified", kind: "open" },
  { key: "proposal", kind: "open" },
  { key: "negotiation", kind: "open" },
  { key: "won", kind: "won" },
  { key: "lost", kind: "lost" },
];

export const TITLE_MAX_LENGTH = 120;
export const LOST_REASON_MAX_LENGTH = 500;
export const STAGE_NAME_MAX_LENGTH = 40;
export const PIPELINE_NAME_MAX_LENGTH = 60;
/** A board wider than this stops being readable; a process with more steps wants a second pipeline. */
export const MAX_STAGES = 12;
export const MAX_PIPELINES = 10;
/** A trillion in major units: far beyond any deal, well inside a safe integer of minor units. */
export const MAX_VALUE_MINOR = 100_000_000_000_000;

/** Deals are valued in the tenant's billing currency; a tenant that has never been billed values them in euros. */
export const FALLBACK_CURRENCY = "EUR";

/** A won or lost stage closes the deal that enters it. */
export const isClosingKind = (kind: StageKind) => kind !== "open";

/** "Leads " and "leads" are the same pipeline name. */
export const nameKey = (name: string) => name.trim().toLowerCase();

type Translate = (key: string) => string;

/**
 * A stage's name: its own, else its built-in name in the reader's language
 * (stageNames.<key>). `t` is bound to the deals namespace: these run in the
 * loaders (and the hub's payloads, in English), never in a component.
 */
export function stageName(stage: { name: string | null; system_key: string | null }, t: Translate) {
  return stage.name ?? (stage.system_key ? t(`stageNames.${stage.system_key}`) : "");
}

/** A pipeline's name: its own, else the default pipeline's name in the reader's language (`t` bound to deals). */
export function pipelineName(pipeline: { name: string | null }, t: Translate) {
  return pipeline.name ?? t("pipelines.defaultName");
}
