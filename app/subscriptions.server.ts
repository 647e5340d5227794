import { subscribeAffiliates } from "~/features/affiliates/commissions.server";
import { subscribeAgents } from "~/features/agents/platform-push.server";
import { subscribeCalcom } from "~/features/calcom/subscriptions.server";
import { subscribeFeedback } from "~/features/feedback/subscriptions.server";
import { subscribeIntegrations } from "~/features/integrations/subscriptions.server";
import { subscribeNotifications } from "~/features/notifications/subscriptions.server";
import { subscribePostCall } from "~/features/post-call/subscriptions.server";
import { subscribeScheduling } from "~/features/scheduling/subscriptions.server";
import { subscribeServiceDesk } from "~/features/service-desk/subscriptions.server";
import { markSubscriptionsRegistered, subscriptionsRegistered } from "~/lib/events/bus.server";

/**
 * Every domain-event subscriber and outbox job handler, registered in one
 * place (docs/decisions/0028-domain-events.md). The server calls it at
 * start-up (app/server.ts), the test setup before each test file
 * (tests/setup/test-env.ts), and any script that changes calls, contacts or
 * appointments before it does. Calling it again does nothing.
 */
export function registerSubscriptions() {
  if (subscriptionsRegistered()) return;
  subscribeAgents();
  subscribeIntegrations();
  subscribeScheduling();
  subscribeCalcom();
  subscribeFeedback();
  subscribePostCall();
  subscribeServiceDesk();
  subscribeAffiliates();
  subscribeNotifications();
  markSubscriptionsRegistered();
}
