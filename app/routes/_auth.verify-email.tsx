import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { VerifyEmailPage } from "~/features/auth/verify-email-page";
import { verifyEmailAction, verifyEmailLoader } from "~/features/auth/verify-email.server";

export const loader = (args: LoaderFunctionArgs) => verifyEmailLoader(args);
export const action = (args: ActionFunctionArgs) => verifyEmailAction(args);
export default VerifyEmailPage;
