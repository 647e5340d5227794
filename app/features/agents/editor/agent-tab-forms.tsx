import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon, type IconKey } from "~/components/ui/icon";
import { CheckboxField, FieldErrors, FormErrors, SelectField, TextareaField, TextField, formWidthClass } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import {
  plainCollectionProps,
  plainFormProps,
  plainInputProps,
  plainSelectProps,
  plainTextareaProps,
  usePlainForm,
  type PlainField,
  type PlainReply,
} from "~/lib/forms/plain-form";
import { firstBadPronunciation, linesOf } from "../agent-config";
import {
  AGENT_LANGUAGES,
  AGENT_LIMITS as L,
  AVATARS,
  FIRST_SPEAKERS,
  LEVELS,
  TONES,
  TRANSFER_KINDS,
  VOICEMAIL_ACTIONS,
  WIDGET_POSITIONS,
  type AgentTab,
} from "../agent-rules";
import { checkPromptVariables } from "../prompt-variables";
import type { TabFormValues } from "./tab-defaults";

export interface AgentTabFormData {
  name: AgentTab;
  defaults: TabFormValues;
  constraint: FormConstraint;
  choices: {
    knowledgeBases: Array<{ id: string; name: string }>;
    eventTypes: Array<{ id: string; name: string }>;
    integrations: Array<{ id: string; name: string }>;
  } | null;
  voices: Array<{ id: string; name: string; language: string }> | null;
  variables: string[] | null;
}

type Fields = Record<string, unknown>;

const NS = "agents";

/**
 * One tab's form (docs/product/agents.md#configuration). It posts the tab's
 * fields with intent=save and the tab's name; the action judges them with
 * the tab's schema and answers with messages at the fields, or saves them
 * into the draft and moves on (to the next tab while creating).
 */
export function AgentTabForm({
  data,
  lastResult,
  creating,
  readOnly,
  forTemplate = false,
}: {
  data: AgentTabFormData;
  lastResult: PlainReply | undefined;
  creating: boolean;
  readOnly: boolean;
  /** A global template's tab: without what belongs to one tenant (knowledge bases, event type, CRM integration). */
  forTemplate?: boolean;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = usePlainForm<Fields>({ id: `agent-${data.name}`, lastResult, constraint: data.constraint, defaultValue: data.defaults });
  const busy = useIsPending();
  const last = data.name === "privacy";
  const field = (name: string) => fields[name]!;
  const text = (name: string, label: string, hint?: ReactNode, type: "text" | "number" | "tel" = "text", extra: Record<string, unknown> = {}) => (
    <TextField label={label} hint={hint} errors={field(name).errors} namespace={NS} inputProps={{ ...plainInputProps(field(name), { type }), ...extra }} />
  );
  const select = (name: string, label: string, options: Array<{ value: string; label: string }>, hint?: ReactNode) => (
    <SelectField label={label} hint={hint} errors={field(name).errors} namespace={NS} selectProps={plainSelectProps(field(name))} options={options} />
  );
  const checkbox = (name: string, label: string, hint?: ReactNode) => (
    <CheckboxField label={label} hint={hint} errors={field(name).errors} namespace={NS} inputProps={plainInputProps(field(name), { type: "checkbox" })} />
  );
  const textarea = (name: string, label: string, hint?: ReactNode, rows = 4, messageValues?: Record<string, string | number>) => (
    <MessageTextarea field={field(name)} label={label} hint={hint} rows={rows} messageValues={messageValues} />
  );
  const options = <T extends string>(values: readonly T[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  let body: ReactNode = null;
  switch (data.name) {
    case "general":
      body = (
        <>
          {text("name", t("fields.name"), t("fields.nameHint"))}
          <div className="grid gap-4 sm:grid-cols-2">
            {select("language", t("fields.language"), options(AGENT_LANGUAGES, "languages"))}
            {select("firstSpeaker", t("fields.firstSpeaker"), options(FIRST_SPEAKERS, "firstSpeakers"))}
          </div>
          {textarea("firstMessage", t("fields.firstMessage"), t("fields.firstMessageHint"), 3, unknownVariables(field("firstMessage")))}
          {text("maxDurationMinutes", t("fields.maxDuration"), t("fields.maxDurationHint", { min: L.maxDurationMin, max: L.maxDurationMax }), "number", {
            inputMode: "numeric",
          })}
          {select("voicemail", t("fields.voicemail"), options(VOICEMAIL_ACTIONS, "voicemailActions"))}
          {textarea("voicemailMessage", t("fields.voicemailMessage"), t("fields.voicemailMessageHint"), 2)}
          {textarea("endCallPhrases", t("fields.endCallPhrases"), t("fields.endCallPhrasesHint", { max: L.endCallPhrasesMax }), 3)}
        </>
      );
      break;
    case "context": {
      const choices = data.choices ?? { knowledgeBases: [], eventTypes: [], integrations: [] };
      const kb = field("knowledgeBaseIds");
      body = (
        <>
          {textarea("instructions", t("fields.instructions"), <VariablesHint variables={data.variables ?? []} />, 12, unknownVariables(field("instructions")))}
          {forTemplate ? null : (
            <fieldset className="space-y-2" aria-describedby={kb.errors?.length ? kb.errorId : undefined}>
              <legend className="text-sm font-medium">{t("fields.knowledgeBases")}</legend>
              {choices.knowledgeBases.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t("fields.noKnowledgeBases")}</p>
              ) : (
                <div className="grid gap-2 sm:grid-cols-2">
                  {plainCollectionProps(kb, { type: "checkbox", options: choices.knowledgeBases.map((base) => base.id) }).map(({ key, ...props }, index) => (
                    <div key={key} className="flex items-start gap-2">
                      <input {...props} className="mt-0.5 h-4 w-4 shrink-0 accent-[rgb(var(--color-primary-button))]" />
                      <label htmlFor={props.id} className="text-sm">
                        {choices.knowledgeBases[index]!.name}
                      </label>
                    </div>
                  ))}
                </div>
              )}
              <p className="text-xs text-slate-500 dark:text-slate-400">{t("fields.knowledgeBasesHint", { max: L.knowledgeBasesMax })}</p>
              <FieldErrors id={kb.errorId} errors={kb.errors} t={(key) => t(key, { max: L.knowledgeBasesMax })} />
            </fieldset>
          )}
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">{t("fields.tools")}</legend>
            {checkbox("transferEnabled", t("fields.transferEnabled"), t("fields.transferHint"))}
            <div className="grid gap-4 pl-6 sm:grid-cols-2">
              {text("transferNumber", t("fields.transferNumber"), undefined, "tel", { autoComplete: "tel" })}
              {select("transferKind", t("fields.transferKind"), options(TRANSFER_KINDS, "transferKinds"))}
            </div>
            {checkbox("endCallEnabled", t("fields.endCallEnabled"), t("fields.endCallHint"))}
            {forTemplate ? null : checkbox("bookingEnabled", t("fields.bookingEnabled"), t("fields.bookingHint"))}
            <div className={forTemplate ? "hidden" : "pl-6"}>
              {select("bookingEventTypeId", t("fields.bookingEventType"), [
                { value: "", label: choices.eventTypes.length ? t("fields.choose") : t("fields.noEventTypes") },
                ...choices.eventTypes.map((type) => ({ value: type.id, label: type.name })),
              ])}
            </div>
            {forTemplate ? null : checkbox("crmEnabled", t("fields.crmEnabled"), t("fields.crmHint"))}
            <div className={forTemplate ? "hidden" : "pl-6"}>
              {select("crmIntegrationId", t("fields.crmIntegration"), [
                { value: "", label: choices.integrations.length ? t("fields.choose") : t("fields.noIntegrations") },
                ...choices.integrations.map((integration) => ({ value: integration.id, label: integration.name })),
              ])}
            </div>
          </fieldset>
        </>
      );
      break;
    }
    case "appearance":
      body = (
        <>
          {select("avatar", t("fields.avatar"), options(AVATARS, "avatars"))}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("accentColor", t("fields.accentColor"), t("fields.colourHint"), "text", { type: "color", className: "h-10 p-1" })}
            {text("backgroundColor", t("fields.backgroundColor"), t("fields.colourHint"), "text", { type: "color", className: "h-10 p-1" })}
          </div>
          {select("widgetPosition", t("fields.widgetPosition"), options(WIDGET_POSITIONS, "positions"))}
          <WidgetPreview
            avatar={String(field("avatar").initialValue ?? "headset")}
            accent={String(field("accentColor").initialValue ?? "#2563eb")}
            background={String(field("backgroundColor").initialValue ?? "#ffffff")}
            position={String(field("widgetPosition").initialValue ?? "bottom-right")}
          />
        </>
      );
      break;
    case "personality":
      body = (
        <>
          {select("tone", t("fields.tone"), options(TONES, "tones"))}
          {text("temperature", t("fields.temperature"), t("fields.temperatureHint"), "number", {
            step: "0.1",
            min: L.temperatureMin,
            max: L.temperatureMax,
            inputMode: "decimal",
          })}
          {checkbox("backchannel", t("fields.backchannel"), t("fields.backchannelHint"))}
          {select("backchannelFrequency", t("fields.backchannelFrequency"), options(LEVELS, "levels"))}
        </>
      );
      break;
    case "speech": {
      const bad = firstBadPronunciation(
        linesOf(typeof field("pronunciations").initialValue === "string" ? (field("pronunciations").initialValue as string) : ""),
      );
      body = (
        <>
          {select(
            "voice",
            t("fields.voice"),
            (data.voices ?? []).map((voice) => ({ value: voice.id, label: `${voice.name} (${t(`languages.${voice.language}`)})` })),
            t("fields.voiceHint"),
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("speed", t("fields.speed"), t("fields.speedHint", { min: L.speedMin, max: L.speedMax }), "number", { step: "0.1", inputMode: "decimal" })}
            {text("silenceTimeoutSeconds", t("fields.silence"), t("fields.silenceHint", { min: L.silenceMin, max: L.silenceMax }), "number", {
              inputMode: "numeric",
            })}
          </div>
          {select("interruptionSensitivity", t("fields.interruption"), options(LEVELS, "levels"), t("fields.interruptionHint"))}
          {textarea("pronunciations", t("fields.pronunciations"), t("fields.pronunciationsHint", { max: L.pronunciationsMax }), 4, {
            line: bad,
            max: L.pronunciationsMax,
          })}
        </>
      );
      break;
    }
    case "privacy":
      body = (
        <>
          {checkbox("recordCalls", t("fields.recordCalls"), t("fields.recordCallsHint"))}
          {text("transcriptRetentionDays", t("fields.retention"), t("fields.retentionHint", { max: L.retentionMaxDays }), "number", { inputMode: "numeric" })}
          {checkbox("redactCards", t("fields.redactCards"), t("fields.redactCardsHint"))}
          {checkbox("redactEmails", t("fields.redactEmails"), t("fields.redactEmailsHint"))}
        </>
      );
      break;
  }

  return (
    <Form method="post" className={`space-y-4 ${formWidthClass}`} {...plainFormProps(form)} data-tour-form={data.name}>
      <div id={`agent-form-${data.name}`} className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="tab" value={data.name} />
        <FormErrors errors={form.errors} namespace={NS} />
        <fieldset disabled={readOnly} className="space-y-4">
          {body}
        </fieldset>
      </div>
      {readOnly ? null : (
        <Button id="agent-save" type="submit" disabled={busy}>
          {busy ? t("editor.saving") : creating ? (last ? t("editor.finish") : t("editor.saveAndContinue")) : t("editor.save")}
        </Button>
      )}
    </Form>
  );
}

/** The names a variables message interpolates, read from what was submitted. */
function unknownVariables(field: PlainField) {
  const value = typeof field.initialValue === "string" ? field.initialValue : "";
  return { names: checkPromptVariables(value).unknown.join(", ") };
}

function MessageTextarea({
  field,
  label,
  hint,
  rows,
  messageValues,
}: {
  field: PlainField;
  label: string;
  hint?: ReactNode;
  rows: number;
  messageValues?: Record<string, string | number>;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="space-y-1">
      <TextareaField label={label} hint={hint} namespace={NS} textareaProps={{ ...plainTextareaProps(field), rows }} />
      <FieldErrors id={field.errorId} errors={field.errors} t={(key) => t(key, messageValues)} />
    </div>
  );
}

function VariablesHint({ variables }: { variables: string[] }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {t("fields.instructionsHint")}{" "}
      {variables.map((name, index) => (
        <span key={name}>
          <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">{`{{${name}}}`}</code>
          {index < variables.length - 1 ? " " : ""}
        </span>
      ))}
    </>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;
const AVATAR_ICONS: readonly string[] = AVATARS;

/**
 * The web widget as the saved appearance draws it: the launcher in the accent colour at its corner, and the chat
 * card on the background colour. Drawn from what was saved (it changes after Save, with or without JavaScript).
 */
function WidgetPreview({ avatar, accent, background, position }: { avatar: string; accent: string; background: string; position: string }) {
  const { t } = useTranslation("agents");
  const accentColour = HEX.test(accent) ? accent : "#2563eb";
  const backgroundColour = HEX.test(background) ? background : "#ffffff";
  const icon = (AVATAR_ICONS.includes(avatar) ? avatar : "headset") as IconKey;
  const left = position === "bottom-left";
  return (
    <figure className="space-y-2" data-testid="widget-preview">
      <figcaption className="text-sm font-medium">{t("fields.widgetPreview")}</figcaption>
      <div
        className={`flex h-44 flex-col justify-end gap-2 rounded-md border border-slate-200 bg-slate-100 p-3 dark:border-slate-700 dark:bg-slate-800 ${left ? "items-start" : "items-end"}`}
      >
        <div className="w-48 max-w-full rounded-lg shadow-md" style={{ backgroundColor: backgroundColour }}>
          <div className="rounded-t-lg px-3 py-1.5 text-xs font-medium text-white" style={{ backgroundColor: accentColour }}>
            {t("fields.widgetPreviewTitle")}
          </div>
          <p className="px-3 py-2 text-xs text-slate-800">{t("fields.widgetPreviewGreeting")}</p>
        </div>
        <span className="flex h-10 w-10 items-center justify-center rounded-full text-white shadow-md" style={{ backgroundColor: accentColour }}>
          <Icon name={icon} />
        </span>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("fields.widgetPreviewNote")}</p>
    </figure>
  );
}
