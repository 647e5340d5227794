import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { formatMoney } from "~/i18n/format";
import { formatDay, formatTotals } from "./deal-format";
import { dealsHref, type BoardColumn, type DealCard, type DealsViewData, type MoveReply, type StageSummary } from "./list-params";
import { MoveForm } from "./move-form";
import { dealPaths, withReturnTo } from "./paths";
import { useDragMove } from "./use-drag-move";

/**
 * The board: one column per stage of the pipeline, in its order, each with
 * its count and total value and its cards. On a narrow screen the columns
 * scroll sideways inside the board's own box (which says so), never the
 * page. Each card carries its move form (move-form.tsx); dragging a card onto
 * another column submits that form (use-drag-move.ts).
 */
export function DealsBoard({ data, pageReply }: { data: DealsViewData; pageReply: MoveReply | null }) {
  const { t } = useTranslation("deals");
  const drag = useDragMove();
  const columns = data.board ?? [];
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-300 lg:hidden" id="deals-board-hint">
        {t("board.scrollHint")}
      </p>
      {data.canUpdate ? <p className="sr-only">{t("board.dragHint")}</p> : null}
      {/*
        A focusable region: keyboard users scroll it too (and axe asks it of a scrolling box). Relative, so the cards'
        visually hidden labels (absolutely positioned) are clipped by it instead of widening the page.
      */}
      <div
        role="region"
        aria-label={t("board.label")}
        aria-describedby="deals-board-hint"
        tabIndex={0}
        className="relative -mx-1 overflow-x-auto px-1 pb-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="deals-board"
      >
        <div className="flex min-w-max items-start gap-3">
          {columns.map((column) => (
            <StageColumn key={column.stage.id} column={column} data={data} pageReply={pageReply} drag={drag} />
          ))}
        </div>
      </div>
    </div>
  );
}

const KIND_TONES = { open: "neutral", won: "success", lost: "danger" } as const;

function StageColumn({
  column,
  data,
  pageReply,
  drag,
}: {
  column: BoardColumn;
  data: DealsViewData;
  pageReply: MoveReply | null;
  drag: ReturnType<typeof useDragMove>;
}) {
  const { t, i18n } = useTranslation("deals");
  const { stage } = column;
  const headingId = `stage-${stage.id}`;
  const hidden = column.count - column.cards.length;
  return (
    <section
      aria-labelledby={headingId}
      data-stage-id={stage.id}
      data-testid="deal-stage"
      {...drag.columnProps(stage.id)}
      className={cn(
        "flex w-64 shrink-0 flex-col rounded-lg border border-slate-200 bg-slate-50 sm:w-72 dark:border-slate-800 dark:bg-slate-950",
        drag.overStage === stage.id && "border-primary ring-2 ring-primary",
      )}
    >
      <header className="space-y-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="min-w-0 truncate text-sm font-semibold" title={stage.name}>
            {stage.name}
          </h2>
          {stage.kind !== "open" ? <Badge tone={KIND_TONES[stage.kind]}>{t(`kinds.${stage.kind}`)}</Badge> : null}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="stage-summary">
          <span>{t("board.count", { count: column.count })}</span>
          <span aria-hidden="true"> · </span>
          <span className="font-medium tabular-nums text-slate-800 dark:text-slate-100">{formatTotals(column.totals, i18n.language, data.currency)}</span>
        </p>
      </header>
      {column.cards.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t("board.empty")}</p>
      ) : (
        <ol className="space-y-2 p-2">
          {column.cards.map((card) => (
            <Card key={card.id} card={card} data={data} pageReply={pageReply?.dealId === card.id ? pageReply : null} drag={drag} stages={data.stages} />
          ))}
        </ol>
      )}
      {hidden > 0 ? (
        <p className="px-3 pb-3 text-sm">
          <Link to={dealsHref(data.params, { view: "list", stage: stage.id, page: 1 })} className="underline">
            {t("board.more", { count: hidden })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Card({
  card,
  data,
  pageReply,
  drag,
  stages,
}: {
  card: DealCard;
  data: DealsViewData;
  pageReply: MoveReply | null;
  drag: ReturnType<typeof useDragMove>;
  stages: StageSummary[];
}) {
  const { t, i18n } = useTranslation("deals");
  const dragProps = drag.cardProps(card.id, card.stageId, data.canUpdate);
  return (
    <li
      data-deal-id={card.id}
      data-testid="deal-card"
      {...dragProps}
      className={cn(
        "rounded-md border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900",
        "draggable" in dragProps && "cursor-grab",
        drag.draggingId === card.id && "opacity-50",
      )}
    >
      <h3 className="break-words font-medium">
        {data.canUpdate ? (
          <Link to={withReturnTo(dealPaths.edit(card.id), data.returnTo)} className="hover:underline">
            {card.title}
          </Link>
        ) : (
          card.title
        )}
      </h3>
      <p className="mt-1 font-semibold tabular-nums">{formatMoney(card.valueMinor, card.currency, i18n.language)}</p>
      <dl className="mt-2 space-y-0.5 text-xs text-slate-600 dark:text-slate-300">
        {card.contactName ? <Detail label={t("card.contact")} value={card.contactName} /> : null}
        {card.ownerName ? <Detail label={t("card.owner")} value={card.ownerName} /> : null}
        {card.expectedCloseOn ? <Detail label={t("card.closes")} value={formatDay(card.expectedCloseOn, i18n.language)} /> : null}
        {card.lostReason ? <Detail label={t("card.lostReason")} value={card.lostReason} /> : null}
      </dl>
      {data.canUpdate ? <MoveForm card={card} stages={stages} returnTo={data.returnTo} pageReply={pageReply} register={drag.register} /> : null}
    </li>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="shrink-0">{label}:</dt>
      <dd className="min-w-0 break-words font-medium text-slate-800 dark:text-slate-100">{value}</dd>
    </div>
  );
}
