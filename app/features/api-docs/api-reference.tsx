import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import type { AnswerView, BodyView, FieldRow, OperationView, ReferenceView } from "./reference-model";

/**
 * The API reference, rendered on the server from the OpenAPI document
 * (reference-model.ts): reads whole without JavaScript. Wide content (paths,
 * tables, JSON) scrolls inside its own focusable, named box so the page never
 * scrolls sideways at 390 px.
 */
const METHOD_TONES: Record<string, BadgeTone> = { GET: "info", POST: "success", PUT: "warning", PATCH: "warning", DELETE: "danger" };

function statusTone(status: string): BadgeTone {
  if (status.startsWith("2")) return "success";
  if (status.startsWith("4")) return "warning";
  if (status.startsWith("5")) return "danger";
  return "neutral";
}

function ScrollBox({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    // A focusable region, so a keyboard user can scroll what is wider than the screen.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("max-w-full overflow-x-auto rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-600", className)}
    >
      {children}
    </div>
  );
}

function Example({ label, json }: { label: string; json: string }) {
  return (
    <ScrollBox label={label} className="mt-2 border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <pre className="p-3 text-xs leading-5">
        <code>{json}</code>
      </pre>
    </ScrollBox>
  );
}

function Fields({ fields }: { fields: FieldRow[] }) {
  const { t } = useTranslation("api-docs");
  return (
    <ul className="space-y-2">
      {fields.map((field) => (
        <li key={field.name} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code className="break-all text-sm font-semibold">{field.name}</code>
            <span className="break-words text-xs text-slate-700 dark:text-slate-300">{field.type}</span>
            {field.required ? (
              <Badge tone="accent">{t("required")}</Badge>
            ) : (
              <span className="text-xs text-slate-600 dark:text-slate-400">{t("optional")}</span>
            )}
          </div>
          {field.description ? (
            <p lang="en" className="mt-0.5 break-words text-sm">
              {field.description}
            </p>
          ) : null}
          {field.constraints ? (
            <p lang="en" className="mt-0.5 break-words text-xs text-slate-600 dark:text-slate-400">
              {field.constraints}
            </p>
          ) : null}
          {field.children.length > 0 ? (
            <div className="mt-2">
              <Fields fields={field.children} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Body({ body, exampleLabel }: { body: BodyView; exampleLabel: string }) {
  const { t } = useTranslation("api-docs");
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t("contentTypes")}:{" "}
        {body.contentTypes.map((type) => (
          <code key={type} className="mr-2 break-all">
            {type}
          </code>
        ))}
      </p>
      {body.description ? (
        <p lang="en" className="text-sm">
          {body.description}
        </p>
      ) : null}
      {body.fields.length > 0 ? <Fields fields={body.fields} /> : body.summary ? <p className="break-words text-sm">{body.summary}</p> : null}
      {body.example ? <Example label={exampleLabel} json={body.example} /> : null}
    </div>
  );
}

function Answer({ operation, answer }: { operation: OperationView; answer: AnswerView }) {
  const { t } = useTranslation("api-docs");
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <h5 className="flex flex-wrap items-center gap-2 font-medium">
        <Badge tone={statusTone(answer.status)}>{answer.status}</Badge>
        <span lang="en" className="min-w-0 break-words text-sm font-normal">
          {answer.description}
        </span>
      </h5>
      {answer.headers.length > 0 ? (
        <p className="mt-2 break-words text-xs text-slate-600 dark:text-slate-400">
          {t("headers")}:{" "}
          {answer.headers.map((name) => (
            <code key={name} className="mr-2">
              {name}
            </code>
          ))}
        </p>
      ) : null}
      {answer.body ? (
        <div className="mt-2">
          <Body body={answer.body} exampleLabel={t("exampleOf", { what: `${operation.method} ${operation.path} ${answer.status}` })} />
        </div>
      ) : null}
    </li>
  );
}

function Operation({ operation }: { operation: OperationView }) {
  const { t } = useTranslation("api-docs");
  return (
    <article
      id={operation.anchor}
      aria-labelledby={`${operation.anchor}-title`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-5"
    >
      <h3 id={`${operation.anchor}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <Badge tone={METHOD_TONES[operation.method] ?? "neutral"}>{operation.method}</Badge>
        <code className="min-w-0 break-all text-base">{operation.path}</code>
      </h3>
      <p lang="en" className="mt-1 font-medium">
        {operation.summary}
      </p>
      <p lang="en" className="mt-2 break-words text-sm text-slate-700 dark:text-slate-300">
        {operation.description}
      </p>
      {operation.scope ? (
        <p className="mt-2 text-sm">
          {t("scope")}: <code>{operation.scope}</code>
        </p>
      ) : null}

      {operation.parameters.length > 0 ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("parameters")}</h4>
          <ScrollBox label={t("parametersOf", { what: `${operation.method} ${operation.path}` })} className="mt-2">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("name")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("location")}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t("type")}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t("description")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.location}-${parameter.name}`} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="py-2 pr-3">
                      <code className="font-semibold">{parameter.name}</code>
                      <div className="text-xs">{parameter.required ? t("required") : t("optional")}</div>
                    </td>
                    <td className="py-2 pr-3">{t(`locations.${parameter.location}`, { defaultValue: parameter.location })}</td>
                    <td className="py-2 pr-3">{parameter.type}</td>
                    <td lang="en" className="py-2">
                      {parameter.description}
                      {parameter.constraints ? <div className="text-xs text-slate-600 dark:text-slate-400">{parameter.constraints}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>
      ) : null}

      {operation.body ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("requestBody")}</h4>
          <div className="mt-2">
            <Body body={operation.body} exampleLabel={t("exampleOf", { what: `${operation.method} ${operation.path} ${t("requestBody")}` })} />
          </div>
        </section>
      ) : null}

      <section className="mt-4">
        <h4 className="font-semibold">{t("responses")}</h4>
        <ul className="mt-2 space-y-2">
          {operation.answers.map((answer) => (
            <Answer key={answer.status} operation={operation} answer={answer} />
          ))}
        </ul>
      </section>
    </article>
  );
}

export function ApiReference({ reference, documentHref }: { reference: ReferenceView; documentHref: string }) {
  const { t } = useTranslation("api-docs");
  return (
    <div className="space-y-8">
      <section aria-labelledby="api-docs-overview" className="space-y-3">
        <h2 id="api-docs-overview" className="text-xl font-semibold">
          {t("overview")}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("version", { version: reference.version })} ·{" "}
          <a className="underline" href={documentHref}>
            {t("download")}
          </a>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("englishNote")}</p>
        <div lang="en" className="space-y-3 text-sm">
          {reference.introduction.map((paragraph) => {
            // The document's description is Markdown; its paragraphs open with a bold lead ("**Errors** always…").
            const [, lead, rest] = /^\*\*(.+?)\*\*(.*)$/s.exec(paragraph) ?? [null, null, paragraph];
            return (
              <p key={paragraph} className="break-words">
                {lead ? <strong>{lead}</strong> : null}
                {rest.replace(/`/g, "")}
              </p>
            );
          })}
        </div>
      </section>

      <nav aria-labelledby="api-docs-contents" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="api-docs-contents" className="font-semibold">
          {t("contents")}
        </h2>
        <ul className="mt-2 space-y-3 text-sm">
          {reference.sections.map((section) => (
            <li key={section.anchor}>
              <a className="font-medium underline" href={`#${section.anchor}`}>
                {t(`tags.${section.name}`, { defaultValue: section.name })}
              </a>
              <ul className="mt-1 space-y-1 pl-4">
                {section.operations.map((operation) => (
                  <li key={operation.anchor} className="break-all">
                    <a className="underline" href={`#${operation.anchor}`}>
                      <span className="font-mono text-xs">{operation.method}</span> <span className="font-mono">{operation.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>

      {reference.sections.map((section) => (
        <section key={section.anchor} id={section.anchor} aria-labelledby={`${section.anchor}-title`} className="space-y-4">
          <div>
            <h2 id={`${section.anchor}-title`} className="text-xl font-semibold">
              {t(`tags.${section.name}`, { defaultValue: section.name })}
            </h2>
            {section.description ? (
              <p lang="en" className="text-sm text-slate-700 dark:text-slate-300">
                {section.description}
              </p>
            ) : null}
          </div>
          <div className="space-y-4">
            {section.operations.map((operation) => (
              <Operation key={operation.anchor} operation={operation} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
