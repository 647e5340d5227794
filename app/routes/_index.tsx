import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getGateContext } from "~/features/access/gate.server";

/** Spec section 4: "/" goes to /overview with a session, else to /login. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect((await getGateContext(request)) ? "/overview" : "/login");
}
