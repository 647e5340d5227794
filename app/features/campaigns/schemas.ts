import { z } from "zod";
import type { CampaignFrequency, CampaignSendingType, CampaignType } from "~/db/schema";
import { CAMPAIGN_TYPES, FREQUENCIES, NAME_MAX_LENGTH, NAME_MIN_LENGTH, SENDING_TYPES } from "./campaign-rules";
import { parseClockTime, parseLocalDateTime, zonedTimeToInstant } from "~/lib/dates/zoned-time";

/**
 * The campaign form (create and edit), checked by the route actions (the page
 * itself does not load zod). Messages are keys in the campaigns namespace. The
 * schedule is a wall-clock time read in the tenant's zone, and "in the
 * future" depends on the moment of checking, so the schema is made per
 * check with both. Whether the list, number and knowledge base exist for the
 * tenant is the server's part (see campaigns.server.ts).
 */
const WEEKDAY_VALUES = ["1", "2", "3", "4", "5", "6", "7"] as const;

const oneOf = <T extends string>(options: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (options as readonly string[]).includes(value);

/**
 * Every field is read as optional text and judged in one pass, so a form
 * with several problems shows all of them at once (a schema that stops at
 * the first missing field would hide the schedule and window errors until
 * the rest was fixed).
 */
export function campaignFormSchema({ timeZone, now }: { timeZone: string; now: () => Date }) {
  const text = z.string().trim().optional();
  return z
    .object({
      name: text,
      contactListId: text,
      type: text,
      sendingType: text,
      frequency: text,
      scheduleAt: text,
      phoneNumberId: text,
      agentId: text,
      /** A checkbox: "on" when ticked, absent otherwise. */
      requestFeedback: text,
      windowDays: z.array(z.string()).default([]),
      windowStart: text,
      windowEnd: text,
    })
    .superRefine((value, context) => {
      const problem = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
      const name = value.name ?? "";
      if (!name) problem("name", "validation.nameRequired");
      else if (name.length < NAME_MIN_LENGTH) problem("name", "validation.nameTooShort");
      else if (name.length > NAME_MAX_LENGTH) problem("name", "validation.nameTooLong");
      if (!value.contactListId) problem("contactListId", "validation.listRequired");
      if (!oneOf(CAMPAIGN_TYPES, value.type)) problem("type", "validation.typeRequired");
      if (!oneOf(SENDING_TYPES, value.sendingType)) problem("sendingType", "validation.sendingTypeRequired");
      if (!value.phoneNumberId) problem("phoneNumberId", "validation.phoneNumberRequired");

      if (value.sendingType === "recurring" && !oneOf(FREQUENCIES, value.frequency)) problem("frequency", "validation.frequencyRequired");
      if (value.sendingType === "scheduled" || value.sendingType === "recurring") {
        const local = value.scheduleAt ? parseLocalDateTime(value.scheduleAt) : null;
        if (!value.scheduleAt) problem("scheduleAt", "validation.scheduleRequired");
        else if (!local) problem("scheduleAt", "validation.scheduleInvalid");
        else if (value.sendingType === "scheduled" && zonedTimeToInstant(local, timeZone).getTime() <= now().getTime()) {
          problem("scheduleAt", "validation.schedulePast");
        }
      }

      if (value.windowDays.length === 0 || !value.windowDays.every((day) => oneOf(WEEKDAY_VALUES, day))) problem("windowDays", "validation.windowDaysRequired");
      const start = value.windowStart ? parseClockTime(value.windowStart) : null;
      const end = value.windowEnd ? parseClockTime(value.windowEnd) : null;
      if (!value.windowStart) problem("windowStart", "validation.windowStartRequired");
      else if (start === null) problem("windowStart", "validation.timeInvalid");
      if (!value.windowEnd) problem("windowEnd", "validation.windowEndRequired");
      else if (end === null) problem("windowEnd", "validation.timeInvalid");
      if (start !== null && end !== null && end <= start) problem("windowEnd", "validation.windowEndBeforeStart");
    })
    .transform((value) => {
      const sendingType = value.sendingType as CampaignSendingType;
      return {
        name: value.name!,
        contactListId: value.contactListId!,
        type: value.type as CampaignType,
        sendingType,
        // Only a recurring campaign has a frequency, and only an immediate one has no schedule.
        frequency: sendingType === "recurring" ? (value.frequency as CampaignFrequency) : null,
        scheduleLocal: sendingType === "immediate" ? null : value.scheduleAt!,
        phoneNumberId: value.phoneNumberId!,
        agentId: value.agentId || null,
        requestFeedback: value.requestFeedback === "on",
        windowDays: [...new Set(value.windowDays.map(Number))].sort((a, b) => a - b),
        windowStartMinute: parseClockTime(value.windowStart!)!,
        windowEndMinute: parseClockTime(value.windowEnd!)!,
      };
    });
}

export type CampaignFormValues = z.output<ReturnType<typeof campaignFormSchema>>;
/** The form's fields as conform sees them (a type only). */
export type CampaignFormFields = z.input<ReturnType<typeof campaignFormSchema>>;
