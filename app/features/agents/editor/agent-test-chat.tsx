import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainTextareaProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";

type Turn = { role: "agent" | "caller"; text: string };

/**
 * The text test (docs/product/agents.md#text-test): the conversation so far
 * and a box for the caller's next line. Each turn is a POST; the
 * conversation comes back from the action and goes out again in a hidden
 * field, so the page needs no script.
 */
export function AgentTestChat({
  configured,
  opening,
  turns,
  problem,
  lastResult,
  constraint,
}: {
  configured: boolean;
  opening: Turn[];
  turns: Turn[] | null;
  problem: string | null;
  lastResult: PlainReply | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("agents");
  const [form, fields] = usePlainForm<{ message: string; history: string }>({ id: "agent-test", lastResult, constraint });
  const busy = useIsPending();
  const shown = turns ?? opening;
  return (
    <Panel title={t("test.title")}>
      <div className="space-y-4">
        {configured ? null : <Notice tone="warning">{t("test.notConfigured")}</Notice>}
        <ol className="space-y-2" aria-live="polite" data-testid="test-transcript">
          {shown.length === 0 ? <li className="text-sm text-slate-600 dark:text-slate-300">{t("test.empty")}</li> : null}
          {shown.map((turn, index) => (
            <li
              key={index}
              className={
                turn.role === "agent"
                  ? "mr-8 rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
                  : "ml-8 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50"
              }
              data-role={turn.role}
            >
              <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t(`test.roles.${turn.role}`)}</span>
              <span className="whitespace-pre-wrap break-words">{turn.text}</span>
            </li>
          ))}
        </ol>
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t(`test.problems.${problem}`)}
          </p>
        ) : null}
        <Form method="post" className="space-y-2" {...plainFormProps(form)}>
          <FormErrors errors={form.errors} namespace="agents" />
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="history" value={JSON.stringify(turns ?? [])} />
          <TextareaField
            label={t("test.message")}
            errors={fields.message.errors}
            namespace="agents"
            textareaProps={{ ...plainTextareaProps(fields.message), rows: 2 }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? t("test.sending") : t("test.send")}
            </Button>
          </div>
        </Form>
      </div>
    </Panel>
  );
}
