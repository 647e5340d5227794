import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getGateContext } from "~/features/access/gate.server";

/** "/" goes to /overview with a session, else to /login (docs/product/behaviour.md#root-path). */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect((await getGateContext(request)) ? "/overview" : "/login");
}
