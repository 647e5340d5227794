import { getCollectionProps, getFormProps, getInputProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CheckboxField, FieldErrors, FormErrors, formWidthClass, RadioGroup, SelectField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { CampaignType } from "~/db/schema";
import { formatNumber } from "~/i18n/format";
import { useActionForm } from "~/lib/forms/use-action-form";
import { CAMPAIGN_TYPES, FREQUENCIES, isKnowledgeBaseMissing, SENDING_TYPES } from "./campaign-rules";
import type { CampaignFormOptions, NumberOption } from "./campaigns.server";
import { ISO_WEEKDAYS } from "./schedule/calling-window";
import { FEEDBACK_LINK_LIFETIME_DAYS } from "./campaign-rules";
import { formSearchOf, newKnowledgeBaseHref, withSearch, type CampaignFormDefaults } from "./form-params";
import type { CampaignFormFields } from "./schemas";
import { CreateKnowledgeBaseLink, KnowledgeBaseLine } from "./knowledge-base-line";

export type { CampaignFormDefaults } from "./form-params";

/** What a new campaign's form starts with. */
export const NEW_CAMPAIGN_DEFAULTS: CampaignFormDefaults = {
  name: "",
  contactListId: "",
  type: "outbound",
  sendingType: "immediate",
  frequency: "",
  scheduleAt: "",
  phoneNumberId: "",
  agentId: "",
  requestFeedback: "",
  windowDays: ["1", "2", "3", "4", "5"],
  windowStart: "09:00",
  windowEnd: "17:00",
};

/**
 * The create and edit form. The frequency and schedule show only where the
 * sending type needs them, in the server's HTML as after hydration, so
 * nothing moves when scripts load; without scripts a small Apply (GET to the
 * form's own page, `path`) shows the fields of another sending type, and a
 * failed save shows them too. The action checks the form and its reply puts
 * every message at its field, with or without scripts; with scripts the
 * knowledge-base line follows the chosen number and type. The link to create a missing knowledge base carries the form's
 * values, so the user comes back to it as they left it.
 */
export function CampaignForm({
  id,
  path,
  defaults,
  options,
  timeZone,
  lastResult,
  submitLabel,
  cancelHref,
}: {
  id: string;
  /** The form's own page: where Apply and the way back from a new knowledge base lead. */
  path: string;
  defaults: CampaignFormDefaults;
  options: CampaignFormOptions;
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  cancelHref: string;
}) {
  const { t, i18n } = useTranslation("campaigns");
  const submitting = useIsPending();
  const [form, fields] = useActionForm<CampaignFormFields>({ id, lastResult, defaultValue: defaults });

  const sendingType = fields.sendingType.value ?? defaults.sendingType;
  const type = (fields.type.value === "inbound" ? "inbound" : "outbound") satisfies CampaignType;
  const number = options.numbers.find((option) => option.id === fields.phoneNumberId.value);
  const showFrequency = sendingType === "recurring";
  const showSchedule = sendingType !== "immediate";
  const knowledgeBaseLineId = `${fields.phoneNumberId.id}-kb`;
  const createKnowledgeBaseHref = newKnowledgeBaseHref({ phoneNumberId: number?.id, type, returnTo: withSearch(path, formSearchOf(form.value)) });

  return (
    <Form method="post" {...getFormProps(form)} className={cn(formWidthClass, "space-y-6")}>
      <FormErrors errors={form.errors} namespace="campaigns" />
      <Panel>
        <div className="space-y-6">
          <TextField
            label={t("form.name")}
            errors={fields.name.errors}
            namespace="campaigns"
            hint={t("form.nameHint")}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), required: true, autoComplete: "off" }}
          />

          <SelectField
            label={t("form.list")}
            errors={fields.contactListId.errors}
            namespace="campaigns"
            selectProps={{ ...getSelectProps(fields.contactListId), required: true }}
            options={[
              { value: "", label: t("form.chooseList") },
              ...options.lists.map((list) => ({
                value: list.id,
                label: t("form.listOption", { name: list.name, count: list.contactCount, formatted: formatNumber(list.contactCount, i18n.language) }),
              })),
            ]}
          >
            {options.lists.length === 0 ? <MissingChoice message={t("form.noLists")} to="/contacts" link={t("form.toContacts")} /> : null}
          </SelectField>

          <RadioGroup
            legend={t("form.type")}
            {...radioGroupWiring(fields.type)}
            namespace="campaigns"
            inline
            options={CAMPAIGN_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          />
          <div className="space-y-2">
            <RadioGroup
              legend={t("form.sendingType")}
              {...radioGroupWiring(fields.sendingType)}
              namespace="campaigns"
              inline
              options={SENDING_TYPES.map((value) => ({ value, label: t(`sendingType.${value}`) }))}
            />
            {/* Browsers without scripts show this (and only they do, before and after hydration alike): it reloads the form as filled in, with the fields of the chosen sending type. */}
            <noscript>
              <button type="submit" formMethod="get" formAction={path} formNoValidate className={buttonClass("secondary", undefined, "sm")}>
                {t("form.applySendingType")}
              </button>
            </noscript>
          </div>

          {showFrequency || showSchedule ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {showFrequency ? (
                <SelectField
                  label={t("form.frequency")}
                  errors={fields.frequency.errors}
                  namespace="campaigns"
                  selectProps={getSelectProps(fields.frequency)}
                  options={[
                    { value: "", label: t("form.chooseFrequency") },
                    ...FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`frequency.${frequency}`) })),
                  ]}
                />
              ) : null}
              {showSchedule ? (
                <div className={showFrequency ? undefined : "sm:col-span-2"}>
                  <TextField
                    label={t("form.schedule")}
                    errors={fields.scheduleAt.errors}
                    namespace="campaigns"
                    hint={t("form.scheduleHint", { zone: timeZone })}
                    inputProps={{ ...getInputProps(fields.scheduleAt, { type: "datetime-local" }), step: 60 }}
                  />
                </div>
              ) : null}
            </div>
          ) : null}

          <SelectField
            label={t("form.number")}
            errors={fields.phoneNumberId.errors}
            namespace="campaigns"
            selectProps={{ ...getSelectProps(fields.phoneNumberId), required: true }}
            options={[
              { value: "", label: t("form.chooseNumber") },
              ...options.numbers.map((option) => ({ value: option.id, label: numberOptionText(option, t) })),
            ]}
            describedBy={knowledgeBaseLineId}
            errorAction={fields.phoneNumberId.errors?.some(isKnowledgeBaseMissing) ? <CreateKnowledgeBaseLink href={createKnowledgeBaseHref} /> : null}
          >
            <div id={knowledgeBaseLineId} aria-live="polite" data-testid="knowledge-base-line">
              {number && !fields.phoneNumberId.errors?.some(isKnowledgeBaseMissing) ? (
                <KnowledgeBaseLine choice={number.knowledgeBases[type]} type={type} createHref={createKnowledgeBaseHref} />
              ) : null}
            </div>
            {options.numbers.length === 0 ? <MissingChoice message={t("form.noNumbers")} to="/numbers-managment" link={t("form.toNumbers")} /> : null}
          </SelectField>
          <SelectField
            label={t("form.agent")}
            hint={t("form.agentHint")}
            errors={fields.agentId.errors}
            namespace="campaigns"
            selectProps={getSelectProps(fields.agentId)}
            options={[
              { value: "", label: t("form.noAgent") },
              ...options.agents.map((agent) => ({ value: agent.id, label: t("form.agentOption", { name: agent.name, version: agent.version }) })),
            ]}
          >
            {options.agents.length === 0 ? <MissingChoice message={t("form.noAgents")} to="/ai-agent-manager" link={t("form.toAgents")} /> : null}
          </SelectField>
          <CheckboxField
            label={t("form.requestFeedback")}
            hint={t("form.requestFeedbackHint", { days: FEEDBACK_LINK_LIFETIME_DAYS })}
            errors={fields.requestFeedback.errors}
            namespace="campaigns"
            inputProps={getInputProps(fields.requestFeedback, { type: "checkbox" })}
          />
        </div>
      </Panel>

      <Panel>
        <fieldset className="space-y-4" aria-describedby="calling-window-hint">
          <legend className="text-lg font-semibold">{t("form.window")}</legend>
          <p id="calling-window-hint" className="text-sm text-slate-600 dark:text-slate-300">
            {t("form.windowHint", { zone: timeZone })}
          </p>
          <div className="space-y-1">
            <div
              role="group"
              aria-label={t("form.windowDays")}
              aria-describedby={fields.windowDays.errors ? fields.windowDays.errorId : undefined}
              className="flex flex-wrap gap-x-5 gap-y-1"
            >
              {getCollectionProps(fields.windowDays, { type: "checkbox", options: ISO_WEEKDAYS.map(String) }).map((checkbox) => (
                <CheckboxField key={checkbox.key} label={t(`weekdays.${checkbox.value}`)} inputProps={checkbox} />
              ))}
            </div>
            <FieldErrors id={fields.windowDays.errorId} errors={fields.windowDays.errors} t={t} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("form.windowStart")}
              errors={fields.windowStart.errors}
              namespace="campaigns"
              inputProps={{ ...getInputProps(fields.windowStart, { type: "time" }), required: true }}
            />
            <TextField
              label={t("form.windowEnd")}
              errors={fields.windowEnd.errors}
              namespace="campaigns"
              inputProps={{ ...getInputProps(fields.windowEnd, { type: "time" }), required: true }}
            />
          </div>
        </fieldset>
      </Panel>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("common:actions.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** A conform field as the kit's RadioGroup takes it: conform's ids, so its error and focus handling find the options. */
function radioGroupWiring(field: FieldMetadata<string | undefined>) {
  return { name: field.name, idPrefix: field.id, defaultValue: field.initialValue, errors: field.errors };
}

/** An empty choice (no lists, no numbers yet) and where to add one. */
function MissingChoice({ message, to, link }: { message: string; to: string; link: string }) {
  return (
    <p className="text-sm">
      {message}{" "}
      <Link to={to} className="font-medium underline">
        {link}
      </Link>
    </p>
  );
}

/** "Main line · +1 (416) 555-0100 — inbound, outbound": which knowledge base types the number has, so the choice is informed before saving. */
function numberOptionText(option: NumberOption, t: (key: string) => string) {
  const number = option.label ? `${option.label} · ${option.display}` : option.display;
  const types = (["inbound", "outbound"] as const).filter((type) => option.knowledgeBases[type]).map((type) => t(`form.knowledgeBaseTypes.${type}`));
  return `${number} — ${types.length > 0 ? types.join(", ") : t("form.knowledgeBaseTypes.none")}`;
}
