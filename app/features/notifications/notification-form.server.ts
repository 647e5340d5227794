import { z } from "zod";

/** The page's one form: open one (marks it read and follows its link), mark one read, or mark all read. */
export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("read"), id: z.string().min(1).max(64), redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("read-all"), redirectTo: z.string().max(2000).optional() }),
]);
