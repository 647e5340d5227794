import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { VerifyEmailPage } from "~/features/auth/verify-email-page";
import { verifyEmailAction, verifyEmailLoader } from "~/features/auth/verify-email.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { keepRetryAfter } from "~/lib/http/action-headers";

export const handle: I18nHandle = { i18n: ["auth"] };

export const loader = (args: LoaderFunctionArgs) => verifyEmailLoader(args);
// A 429 from the rate limit keeps its Retry-After on a post without JavaScript too.
export const headers = keepRetryAfter;
export const action = (args: ActionFunctionArgs) => verifyEmailAction(args);
export default VerifyEmailPage;
