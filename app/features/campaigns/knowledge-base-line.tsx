import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Notice } from "~/components/ui/panel";
import type { CampaignType } from "~/db/schema";
import { knowledgeBaseMissing } from "./campaign-rules";

/** After "this number has no … knowledge base yet": the way there (a leading space separates it from the message). */
export function CreateKnowledgeBaseLink({ href }: { href: string }) {
  const { t } = useTranslation("campaigns");
  return (
    <>
      {" "}
      <Link to={href} className="font-medium underline">
        {t("form.createKnowledgeBase")}
      </Link>
    </>
  );
}

/** Which knowledge base the campaign will speak from, or that the number has none of the campaign's type yet (with the way to create one, when there is one to offer). */
export function KnowledgeBaseLine({ choice, type, createHref }: { choice: { name: string } | null; type: CampaignType; createHref?: string }) {
  const { t } = useTranslation("campaigns");
  if (choice)
    return <p className="text-sm text-slate-700 dark:text-slate-200">{t("form.knowledgeBaseUsed", { name: choice.name, type: t(`type.${type}`) })}</p>;
  return (
    <Notice tone="warning">
      {t(knowledgeBaseMissing(type))}
      {createHref ? <CreateKnowledgeBaseLink href={createHref} /> : null}
    </Notice>
  );
}
