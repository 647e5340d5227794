import type { DataEntry, DataValue } from "./extracted-data";

/** Caller details or extracted data (extracted-data.ts) as a description list; nested objects are nested lists. */
export function DataList({ entries, nested = false, testId }: { entries: DataEntry[]; nested?: boolean; testId?: string }) {
  return (
    <dl
      data-testid={testId}
      className={
        nested
          ? "grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 border-l border-slate-200 pl-3 dark:border-slate-700"
          : "grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm"
      }
    >
      {entries.map((entry) => (
        <div key={entry.key} className="contents" data-field={entry.key}>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{entry.label}</dt>
          <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">
            <DataValueView value={entry.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DataValueView({ value }: { value: DataValue }) {
  if (value.kind === "entries") return <DataList entries={value.entries} nested />;
  if (value.kind === "list") {
    return (
      <ul className="list-disc space-y-0.5 pl-5">
        {value.items.map((item, index) => (
          <li key={index}>
            <DataValueView value={item} />
          </li>
        ))}
      </ul>
    );
  }
  return value.dateTime ? <time dateTime={value.dateTime}>{value.text}</time> : <>{value.text}</>;
}
