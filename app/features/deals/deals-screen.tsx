import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { DealsBoard } from "./board";
import { DealsListView } from "./deals-list";
import { clearedFilters, DEALS_PATH, dealsHref, hasActiveFilters, hiddenFields, type DealsViewData, type MoveReply } from "./list-params";
import { dealPaths, withReturnTo } from "./paths";

/**
 * /crm-deals: the header with the screen's actions, the board or list tabs,
 * the filter form (a GET form: every view is a URL), then the board or the
 * list. Everything is a link or a form, so it all works without JavaScript.
 */
export function DealsScreen({ data, pageReply }: { data: DealsViewData; pageReply: MoveReply | null }) {
  const { t } = useTranslation("deals");
  const { params } = data;
  const readOnly = !data.canCreate && !data.canUpdate && !data.canDelete;
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          <>
            {data.canCreate ? (
              <Link to={withReturnTo(dealPaths.create({ pipeline: params.pipeline }), data.returnTo)} className={buttonClass("primary")}>
                {t("actions.add")}
              </Link>
            ) : null}
            {data.canUpdate ? (
              <Link to={withReturnTo(dealPaths.pipeline(data.pipelineId), data.returnTo)} className={buttonClass("secondary")}>
                {t("actions.editPipeline")}
              </Link>
            ) : null}
            {data.canCreate ? (
              <Link to={dealPaths.createPipeline} className={buttonClass("ghost")}>
                {t("actions.newPipeline")}
              </Link>
            ) : null}
          </>
        }
      />
      {readOnly ? <Notice>{t("readOnly")}</Notice> : null}
      <Tabs
        label={t("views.label")}
        active={params.view}
        tabs={(["board", "list"] as const).map((view) => ({ value: view, label: t(`views.${view}`), to: dealsHref(params, { view, page: 1 }) }))}
      />
      <DealsFilters data={data} />
      {data.board ? (
        <DealsBoard data={data} pageReply={pageReply} />
      ) : data.list && data.list.rows.length > 0 ? (
        <DealsListView data={data} />
      ) : (
        <NoDeals data={data} />
      )}
    </div>
  );
}

function DealsFilters({ data }: { data: DealsViewData }) {
  const { t } = useTranslation("deals");
  const { params } = data;
  const pipelineShown = data.pipelines.length > 1;
  return (
    <div className="space-y-2">
      <FilterForm
        action={DEALS_PATH}
        label={t("filters.label")}
        search={{ id: "deals-q", label: t("search.label"), placeholder: t("search.placeholder"), hint: t("search.hint"), value: params.q }}
        hidden={hiddenFields(params, { pipelineShown })}
        submitLabel={t("search.submit")}
      >
        {pipelineShown ? <PipelineSelect data={data} /> : null}
        <FilterSelect
          id="deals-owner"
          name="owner"
          label={t("filters.owner")}
          value={params.owner}
          anyLabel={t("filters.anyOwner")}
          options={data.members.map((member) => ({ value: member.id, label: member.name }))}
        />
        {params.view === "list" ? (
          <FilterSelect
            id="deals-stage"
            name="stage"
            label={t("filters.stage")}
            value={params.stage}
            anyLabel={t("filters.anyStage")}
            options={data.stages.map((stage) => ({ value: stage.id, label: stage.name }))}
          />
        ) : null}
        <FilterDate id="deals-close-from" name="closeFrom" label={t("filters.closeFrom")} value={params.closeFrom} />
        <FilterDate id="deals-close-to" name="closeTo" label={t("filters.closeTo")} value={params.closeTo} />
      </FilterForm>
      {hasActiveFilters(params) ? (
        <p className="text-sm">
          <Link to={dealsHref(clearedFilters(params))} className="underline">
            {t("filters.clear")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The pipeline choice: a select of the filter form (no "any": a board is one pipeline). */
function PipelineSelect({ data }: { data: DealsViewData }) {
  const { t } = useTranslation("deals");
  return (
    <div className="space-y-1">
      <label htmlFor="deals-pipeline" className="block text-sm font-medium">
        {t("pipelines.label")}
      </label>
      <select key={data.pipelineId} id="deals-pipeline" name="pipeline" defaultValue={data.pipelineId} className={inputClass}>
        {data.pipelines.map((pipeline) => (
          <option key={pipeline.id} value={pipeline.id}>
            {pipeline.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function NoDeals({ data }: { data: DealsViewData }) {
  const { t } = useTranslation("deals");
  const filtered = hasActiveFilters(data.params);
  return (
    <EmptyState
      data-testid="deals-empty"
      heading={2}
      title={filtered ? t("empty.noMatchesTitle") : t("empty.noDealsTitle")}
      className="bg-white dark:bg-slate-900"
      action={
        <>
          {data.canCreate && !filtered ? (
            <Link to={withReturnTo(dealPaths.create({ pipeline: data.params.pipeline }), data.returnTo)} className={buttonClass("primary")}>
              {t("actions.add")}
            </Link>
          ) : null}
          {filtered ? (
            <Link to={dealsHref(clearedFilters(data.params))} className={buttonClass("secondary")}>
              {t("filters.clear")}
            </Link>
          ) : null}
        </>
      }
    >
      {filtered ? t("empty.noMatches") : t("empty.noDeals")}
    </EmptyState>
  );
}
