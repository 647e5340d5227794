import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { clearedFilters, hiddenFilterFields, listHref, type RecordingsListParams, type RecordingsListViewData } from "./list-params";

/**
 * The list's GET form: search, direction and campaign, with the other active
 * filters and the sort carried as hidden fields. It has no page field, so any
 * new search starts at page 1; useFilterForm adds the debounced search.
 */
export function RecordingsListFilters({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const { basePath, params } = data;

  const directions = withCurrent(data.directions, params.direction);
  const campaigns = withCurrent(data.campaigns, params.campaign);
  const agent = data.agents.find((candidate) => candidate.id === params.agent);

  return (
    <div className="space-y-3">
      <FilterForm
        action={basePath}
        label={t("filters.label")}
        search={{ id: "recordings-q", label: t("search.label"), placeholder: t("search.placeholder"), hint: t("search.hint"), value: params.q }}
        hidden={hiddenFilterFields(params)}
        submitLabel={t("search.submit")}
      >
        <FilterSelect
          id="recordings-direction"
          name="direction"
          label={t("filters.direction")}
          value={params.direction}
          anyLabel={t("filters.allDirections")}
          options={directions.map((direction) => ({ value: direction, label: t(`direction.${direction}`, { defaultValue: direction }) }))}
        />
        <FilterSelect
          id="recordings-campaign"
          name="campaign"
          label={t("filters.campaign")}
          value={params.campaign}
          anyLabel={t("filters.allCampaigns")}
          options={campaigns.map((campaign) => ({ value: campaign, label: campaign }))}
        />
        {data.agents.length > 0 ? (
          <FilterSelect
            id="recordings-agent"
            name="agent"
            label={t("filters.agent")}
            value={params.agent}
            anyLabel={t("filters.allAgents")}
            options={data.agents.map((agent) => ({ value: agent.id, label: agent.name }))}
          />
        ) : null}
        {agent && agent.versions.length > 0 ? (
          <FilterSelect
            id="recordings-version"
            name="version"
            label={t("filters.version")}
            value={params.version === null ? null : String(params.version)}
            anyLabel={t("filters.allVersions")}
            options={agent.versions.map((version) => ({ value: String(version), label: t("filters.versionOption", { version }) }))}
          />
        ) : null}
      </FilterForm>
      <ActiveFilters data={data} />
    </div>
  );
}

/** The select must be able to show a value the URL asks for even when no call has it (any more). */
function withCurrent(options: string[], current: string | null) {
  return current && !options.includes(current) ? [...options, current] : options;
}

/** Filters the form does not show (they come from links such as the overview's figures), each removable on its own. */
function ActiveFilters({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const { basePath, params } = data;
  const chips: Array<{ key: string; label: string; without: Partial<RecordingsListParams> }> = [];
  if (params.status) chips.push({ key: "status", label: t("filters.status", { status: t(`status.${params.status}`) }), without: { status: null } });
  if (params.range) chips.push({ key: "range", label: t("filters.range", { range: t(`ranges.${params.range}`) }), without: { range: null } });
  if (params.escalated) chips.push({ key: "escalated", label: t("filters.escalated"), without: { escalated: false } });
  if (params.view === "disagreement") chips.push({ key: "view", label: t("filters.disagreement"), without: { view: null } });
  const anyFilter = chips.length > 0 || params.q || params.direction || params.campaign || params.agent;
  const chipClass =
    "inline-flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {chips.length > 0 ? (
        <>
          <span className="text-slate-600 dark:text-slate-300">{t("filters.active")}</span>
          <ul className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link
                  to={listHref(basePath, params, { ...chip.without, page: 1 })}
                  preventScrollReset
                  aria-label={t("filters.remove", { filter: chip.label })}
                  className={chipClass}
                >
                  {chip.label}
                  {/* Drawn by CSS, so the chip's visible text is its label alone, part of its name "Remove filter: …" (WCAG 2.5.3). */}
                  <span aria-hidden="true" className="after:content-['×']" />
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {params.view !== "disagreement" ? (
        <Link to={listHref(basePath, params, { view: "disagreement", page: 1 })} className="underline">
          {t("filters.showDisagreement")}
        </Link>
      ) : null}
      {anyFilter ? (
        <Link to={listHref(basePath, clearedFilters(params))} className="underline">
          {t("filters.clear")}
        </Link>
      ) : null}
    </div>
  );
}
