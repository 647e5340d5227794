import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as newAppointmentRoute from "~/routes/_dashboard+/appointments+/new";
import * as staffMemberRoute from "~/routes/_dashboard+/staff+/$userId";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import { schedulingWorld, weekdayAhead, WORKING_WEEK, type SchedulingWorld } from "../support/scheduling";

/**
 * Working hours as from/to time fields (issue 27): the staff page's weekly hours and date
 * exceptions, entered as a "works" box and time pairs per day, judged by one schema, saved in
 * the JSON the slot engine has always read.
 */
beforeAll(prepareTestDatabase);

type Reply = { intent: string; result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

let world: SchedulingWorld;
let day: string;
let weekday: number;

beforeEach(async () => {
  world = await schedulingWorld();
  day = weekdayAhead(world.timeZone, 3);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
});

const host = () => world.hosts[0]!;
const staffAction = (form: Record<string, string>) =>
  callAction(staffMemberRoute.action, `/staff/${host().id}`, { cookie: world.cookie, params: { userId: host().id }, form });
const storedHours = async () =>
  JSON.parse(
    (await getDb().selectFrom("staff_schedules").select("weekly_hours").where("user_id", "=", host().id).executeTakeFirstOrThrow()).weekly_hours,
  ) as unknown;
const page = async () =>
  unwrap(await callLoader(staffMemberRoute.loader, `/staff/${host().id}`, { cookie: world.cookie, params: { userId: host().id } })).value as {
    defaults: Record<string, string>;
  };
async function offeredTimes(on = day) {
  const result = unwrap(
    await callLoader(newAppointmentRoute.loader, `/appointments/new?eventType=${world.eventType.id}&contact=${world.contact.id}&week=${on}&date=${on}`, {
      cookie: world.cookie,
    }),
  );
  return (result.value as { picker: { times: Array<{ label: string }> } }).picker.times.map((time) => time.label);
}

describe("weekly hours as time fields", () => {
  it("saves several ranges a day in the stored JSON, offers exactly them, and shows them back with a midnight end as 00:00", async () => {
    const result = await staffAction({
      intent: "save-hours",
      timeZone: world.timeZone,
      [`day${weekday}Works`]: "on",
      // Entered out of order, with an empty spare pair between: saved sorted, the spare skipped.
      [`day${weekday}From0`]: "11:00",
      [`day${weekday}To0`]: "12:00",
      [`day${weekday}From1`]: "",
      [`day${weekday}To1`]: "",
      [`day${weekday}From2`]: "09:00",
      [`day${weekday}To2`]: "10:00",
      day6Works: "on",
      day6From0: "18:00",
      day6To0: "00:00",
      // Unticked: the times typed here are not saved.
      day7From0: "10:00",
      day7To0: "12:00",
    });
    expect(redirectLocation(result)).toBe(`/staff/${host().id}`);
    expect(await storedHours()).toEqual({
      [weekday]: [
        { start: "09:00", end: "10:00" },
        { start: "11:00", end: "12:00" },
      ],
      6: [{ start: "18:00", end: "24:00" }],
    });
    expect(await offeredTimes()).toEqual(["09:00", "09:30", "11:00", "11:30"]);
    const { defaults } = await page();
    expect(defaults).toMatchObject({
      [`day${weekday}Works`]: "on",
      [`day${weekday}From0`]: "09:00",
      [`day${weekday}To0`]: "10:00",
      [`day${weekday}From1`]: "11:00",
      [`day${weekday}To1`]: "12:00",
      day6From0: "18:00",
      day6To0: "00:00",
    });
    expect(defaults.day7Works).toBeUndefined();
  });

  it("puts an overlap on the later range's start, keeps every typed value and saves nothing", async () => {
    const typed = {
      intent: "save-hours",
      timeZone: "Europe/Berlin",
      day1Works: "on",
      day1From0: "09:00",
      day1To0: "12:00",
      day1From1: "11:30",
      day1To1: "14:00",
      day2Works: "on",
      day2From0: "08:00",
      day2To0: "",
      day3Works: "on",
      day3From0: "10:00",
      day3To0: "16:00",
    };
    const result = unwrap(await staffAction(typed));
    expect(result.status).toBe(400);
    const reply = result.value as Reply;
    expect(reply.intent).toBe("save-hours");
    expect(reply.result?.error).toEqual({ day1From1: ["validation.hoursOverlap"], day2To0: ["validation.hoursIncomplete"] });
    const { intent: _intent, day2To0: _empty, ...kept } = typed;
    expect(reply.result?.initialValue).toMatchObject(kept);
    expect(await storedHours()).toEqual(JSON.parse(JSON.stringify(WORKING_WEEK)));
    const translate = await getTranslatorFor("de", "scheduling");
    expect(translate("validation.hoursOverlap")).not.toBe("validation.hoursOverlap");
  });

  it("takes a date exception's ranges by the same rules", async () => {
    const refused = unwrap(await staffAction({ intent: "add-override", date: day, hoursWorks: "on", hoursFrom0: "15:00", hoursTo0: "14:00" }));
    expect(refused.status).toBe(400);
    expect((refused.value as Reply).result?.error).toEqual({ hoursTo0: ["validation.hoursOrder"] });

    const saved = await staffAction({
      intent: "add-override",
      date: day,
      hoursWorks: "on",
      hoursFrom0: "14:00",
      hoursTo0: "15:00",
      hoursFrom1: "16:00",
      hoursTo1: "16:30",
    });
    expect(redirectLocation(saved)).toBe(`/staff/${host().id}`);
    expect(await offeredTimes()).toEqual(["14:00", "14:30", "16:00"]);
  });
});
