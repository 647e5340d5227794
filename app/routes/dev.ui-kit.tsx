import type { LoaderFunctionArgs } from "@remix-run/node";
import { useState, type ReactNode } from "react";
import { Badge, StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { Dialog } from "~/components/ui/dialog";
import { Drawer } from "~/components/ui/drawer";
import { EmptyState } from "~/components/ui/empty-state";
import { CheckboxField, FieldErrors, FormErrors, RadioGroup, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { Notice, Panel } from "~/components/ui/panel";
import { RowActionsMenu } from "~/components/ui/row-actions-menu";
import { Stat } from "~/components/ui/stat";
import { Tabs } from "~/components/ui/tabs";
import { Toaster, type ToastData } from "~/components/ui/toaster";
import { notFound } from "~/lib/http/errors.server";
import { pageTitle } from "~/lib/http/page-title";

/**
 * /dev/ui-kit: every primitive of app/components/ui in both themes, side by
 * side, for whoever builds the next screen (and for the accessibility check
 * in tests/e2e/ui-kit.spec.ts). Developer documentation, so its prose is
 * English only. It exists in development, or when UI_KIT_PAGE=1; a
 * production server answers 404.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (process.env.NODE_ENV === "production" && process.env.UI_KIT_PAGE !== "1") notFound();
  const url = new URL(request.url);
  return { tab: url.searchParams.get("tab") ?? "buttons", sort: url.searchParams.get("sort") === "asc" ? ("asc" as const) : ("desc" as const) };
}

export const meta = () => pageTitle("UI kit");

export default function UiKitPage() {
  return (
    <main id="main" className="mx-auto max-w-[120rem] space-y-6 p-4 sm:p-6">
      <PageHeader
        title="UI kit"
        description="The primitives every screen is built from (app/components/ui). Left: light theme; right: dark. Each works without JavaScript; scripts only enhance."
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ThemeColumn theme="light" />
        <ThemeColumn theme="dark" />
      </div>
    </main>
  );
}

function ThemeColumn({ theme }: { theme: "light" | "dark" }) {
  return (
    <div className={theme === "dark" ? "dark min-w-0" : "min-w-0"}>
      <div className="space-y-6 rounded-xl bg-slate-50 p-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100" data-theme-sample={theme}>
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{theme} theme</p>
        <Kit id={theme} />
      </div>
    </div>
  );
}

function Section({ title, usage, children }: { title: string; usage: string; children: ReactNode }) {
  return (
    <Panel title={title}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{usage}</p>
        {children}
      </div>
    </Panel>
  );
}

interface SampleCall {
  id: string;
  date: string;
  contact: string;
  campaign: string;
  status: "ended" | "missed" | "voicemail";
  duration: string;
}

const SAMPLE_CALLS: SampleCall[] = [
  { id: "1", date: "Nov 22, 2026, 2:59 PM", contact: "Anna Schmidt", campaign: "Zahnarzt Terminerinnerung", status: "ended", duration: "0:46" },
  { id: "2", date: "Nov 22, 2026, 2:47 PM", contact: "Monika Hoffmann-Wolkenstein", campaign: "Customer Care Inbound", status: "missed", duration: "—" },
  { id: "3", date: "Nov 22, 2026, 1:54 PM", contact: "+1 (416) 555-0101", campaign: "Solar Leads Q4", status: "voicemail", duration: "0:12" },
];

const STATUS_TONES: Record<SampleCall["status"], BadgeTone> = { ended: "success", missed: "warning", voicemail: "accent" };

function Kit({ id }: { id: string }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [toast, setToast] = useState<ToastData | null>(null);
  const columns: Array<DataColumn<SampleCall>> = [
    { id: "date", header: "Date", sort: { href: "/dev/ui-kit?sort=asc", order: "desc" }, cell: (row) => row.date },
    { id: "contact", header: "Contact", primary: true, truncate: true, cell: (row) => <span title={row.contact}>{row.contact}</span> },
    { id: "campaign", header: "Campaign", truncate: true, cell: (row) => row.campaign },
    { id: "status", header: "Status", cell: (row) => <StatusBadge status={row.status} tones={STATUS_TONES} label={row.status} /> },
    { id: "duration", header: "Duration", align: "end", cell: (row) => row.duration },
  ];
  return (
    <div className="space-y-6">
      <Section
        title="Button"
        usage="Button / buttonClass(variant, extra, size): primary, secondary, danger, ghost; sm, md, lg, icon; loading keeps the width and blocks a second press."
      >
        <div className="flex flex-wrap items-center gap-2">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="danger">Delete</Button>
          <Button variant="ghost">Ghost</Button>
          <Button loading>Saving</Button>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
          <Button disabled>Disabled</Button>
          <a href="#top" className={buttonClass("secondary", undefined, "sm")}>
            A link as a button
          </a>
        </div>
      </Section>

      <Section
        title="Fields"
        usage="TextField, SelectField, TextareaField, CheckboxField, RadioGroup: label, hint and errors wired to the control by id, so they work before hydration. Errors are translation keys."
      >
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
          <TextField label="Name" hint="As it appears on invoices." inputProps={{ id: `${id}-name`, name: "name", defaultValue: "Olivia Owner" }} />
          <TextField label="Email" errors={["This email address is not valid."]} inputProps={{ id: `${id}-email`, name: "email", defaultValue: "olivia@" }} />
          <SelectField
            label="Voice"
            selectProps={{ id: `${id}-voice`, name: "voice", defaultValue: "b" }}
            options={[
              { value: "a", label: "Aria (English)" },
              { value: "b", label: "Lena (Deutsch)" },
            ]}
          />
          <TextareaField
            label="First message"
            textareaProps={{ id: `${id}-message`, name: "message", rows: 2, defaultValue: "Hello, this is Voxboard calling." }}
          />
          <CheckboxField label="Opted out of calls" hint="They will be skipped by every campaign." inputProps={{ id: `${id}-opt`, name: "opt" }} />
          <RadioGroup
            legend="Sending"
            name={`${id}-sending`}
            inline
            defaultValue="scheduled"
            options={[
              { value: "immediate", label: "Immediately" },
              { value: "scheduled", label: "Scheduled" },
              { value: "recurring", label: "Recurring" },
            ]}
          />
          <FieldErrors id={`${id}-errors`} errors={["A field error sits under its field."]} t={(key) => key} />
          <FormErrors errors={["A form error concerns the whole form."]} />
        </form>
      </Section>

      <Section title="Tabs" usage="Tabs: links with ?tab= in the URL, so a tab can be bookmarked and Back works; the row scrolls on its own on a phone.">
        <Tabs
          label={`${id} tabs`}
          active="buttons"
          tabs={[
            { value: "buttons", label: "Active calls", to: "/dev/ui-kit?tab=buttons" },
            { value: "queue", label: "Call queue", to: "/dev/ui-kit?tab=queue", badge: "3" },
            { value: "missed", label: "Missed calls", to: "/dev/ui-kit?tab=missed" },
          ]}
        />
      </Section>

      <Section
        title="FilterForm"
        usage="The GET form above a list: search (debounced with scripts), filter selects, hidden sort fields and Apply. No page field: a new search starts at page 1."
      >
        <FilterForm
          action="/dev/ui-kit"
          label={`${id} filter`}
          search={{ id: `${id}-q`, label: "Search", placeholder: "Name, number or campaign", hint: "Searches as you type", value: "" }}
          submitLabel="Apply"
        >
          <FilterSelect
            id={`${id}-direction`}
            name="direction"
            label="Direction"
            value={null}
            anyLabel="All directions"
            options={[{ value: "inbound", label: "Inbound" }]}
          />
        </FilterForm>
      </Section>

      <Section
        title="DataTable, RowActionsMenu, Pagination"
        usage="Column definitions; sortable headers are links; one line per row at laptop width; cards below 640 px; the row's actions are links without scripts and a menu with them."
      >
        <DataTable
          caption="Sample calls"
          columns={columns}
          rows={SAMPLE_CALLS}
          rowKey={(row) => row.id}
          actions={{
            header: "Actions",
            cell: (row) => (
              <RowActionsMenu
                label={`Actions for ${row.contact}`}
                actions={[
                  { label: "Open", to: "/dev/ui-kit" },
                  { label: "Delete", to: "/dev/ui-kit", tone: "danger", onSelect: () => setDialogOpen(true) },
                ]}
              />
            ),
          }}
        />
        <Pagination page={2} pageCount={7} href={(page) => `/dev/ui-kit?page=${page}`} label={`${id} pages`} />
      </Section>

      <Section title="EmptyState" usage="What a list shows when it has nothing: a title, one sentence and the action that fills it.">
        <EmptyState title="No contacts yet" action={<Button size="sm">Import a CSV</Button>}>
          Contacts you add or import appear here, ready for a campaign.
        </EmptyState>
      </Section>

      <Section
        title="Stat, Badge, StatusBadge, Notice"
        usage="KPI cards wrap and hyphenate long labels (German compounds) instead of overflowing; badges carry meaning in the word, colour only helps."
      >
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Gesprächsminuten" value="1.284" note="letzte 7 Tage" />
          <Stat label="Abgeschlossen" value="312" to="/dev/ui-kit" />
          <Stat label="Missed" value="18" />
          <Stat label="Escalated" value="4" />
        </div>
        <div className="flex flex-wrap gap-2">
          {(["neutral", "info", "success", "warning", "danger", "accent"] as const).map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone}
            </Badge>
          ))}
        </div>
        <Notice>Calls are logged, not placed: no voice platform configured.</Notice>
        <Notice tone="warning">3 contacts are outside their calling window and will wait for it.</Notice>
      </Section>

      <Section
        title="ConfirmAction, Dialog, Drawer, Toast"
        usage="ConfirmAction: a link to the confirmation page without scripts, a dialog with them. Drawer: a detail beside the list (DrawerLink loads a page's loader). Toasts come from the session after a redirect."
      >
        <div className="flex flex-wrap gap-2">
          <ConfirmAction
            href="/dev/ui-kit"
            title="Delete contact"
            className={buttonClass("danger", undefined, "sm")}
            content={({ close }) => (
              <ConfirmForm confirmLabel="Delete contact" cancelHref="/dev/ui-kit" onCancel={close} action="/dev/ui-kit">
                <p className="text-sm">Anna Schmidt will be removed from every list.</p>
              </ConfirmForm>
            )}
          >
            Delete…
          </ConfirmAction>
          <Button variant="secondary" size="sm" onClick={() => setDrawerOpen(true)}>
            Open a drawer
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setToast({ type: "success", key: "appName" })}>
            Show a toast
          </Button>
        </div>
        <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} title="A dialog" closeLabel="Close">
          <p className="text-sm">Dialogs exist only with scripts; each is the enhancement of a page.</p>
        </Dialog>
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Call with Anna Schmidt">
          <p className="text-sm">A detail view that keeps the list behind it.</p>
        </Drawer>
        <Toaster toast={toast} />
      </Section>
    </div>
  );
}
