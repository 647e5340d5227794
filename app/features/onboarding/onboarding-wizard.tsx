import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { CheckboxField, FormErrors } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PhoneField } from "~/features/phone/phone-field";
import { plainFormProps, plainInputProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { NAV_TOUR_AREAS } from "./tours";
import {
  PROFILE_OPTIONS,
  WIZARD_FINISH_HREF,
  WIZARD_STEPS,
  nextWizardStep,
  previousWizardStep,
  wizardClosedHref,
  wizardStepHref,
  type ProfileOptions,
  type WizardStep,
} from "./wizard-steps";

// The nav tour's overlay is loaded when the wizard reaches it, not with the overview's scripts.
const NavTour = lazy(() => import("./tour-runner").then((module) => ({ default: module.NavTourRunner })));

/** What the overview's loader gives the wizard. */
export interface WizardView {
  step: WizardStep;
  /** Opened by the overview on a first visit rather than asked for in the URL. */
  auto: boolean;
  /** The stored number, as it is displayed. */
  phone: string;
  profile: ProfileOptions;
  /** Whether the user may change their own phone and profile (the phone and profile steps). */
  canSave: boolean;
  /** The tenant's country, for national numbers. */
  country: string;
}

/** What the overview's action answers a refused step with. */
export interface WizardReply {
  intent: "phone" | "profile";
  result: PlainReply;
}

/**
 * The overview's onboarding wizard (docs/product/behaviour.md#onboarding-wizard). Every step is a
 * URL of the overview (`?onboarding=<step>`): without JavaScript the step
 * is a panel at the top of the page and its forms post to the overview's
 * action, which moves to the next step's URL; once scripts run the same
 * steps show in a dialog, and the nav tour is the guided tour over the
 * sidebar. Closing goes back to the plain overview, so the next opening
 * starts at the welcome again.
 */
export function OnboardingWizard({ wizard, reply }: { wizard: WizardView | null; reply: WizardReply | null }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const stepInUrl = new URLSearchParams(location.search).has("onboarding");
  // An automatic opening is kept on the page once its loader data is gone (a revalidation after a theme change, say).
  const [autoWizard] = useState(() => (wizard?.auto ? wizard : null));
  const [autoClosed, setAutoClosed] = useState(false);
  const shown = wizard && !wizard.auto ? wizard : !stepInUrl && !autoClosed ? (autoWizard ?? wizard) : null;

  const close = useCallback(() => {
    setAutoClosed(true);
    if (stepInUrl) navigate(wizardClosedHref(location.search), { preventScrollReset: true });
  }, [stepInUrl, navigate, location.search]);

  if (!shown) return null;
  if (!hydrated) {
    return (
      <WizardPanel step={shown.step}>
        <StepBody wizard={shown} reply={reply} closeHref={wizardClosedHref(location.search)} />
      </WizardPanel>
    );
  }
  if (shown.step === "tour") {
    return (
      <Suspense fallback={null}>
        <NavTour
          onClose={close}
          onFinish={() => navigate(wizardStepHref("done", location.search), { preventScrollReset: true })}
          // The areas are also listed in the dialog's step without scripts; with them, the tour shows them on the sidebar.
        />
      </Suspense>
    );
  }
  return <WizardDialog wizard={shown} reply={reply} onClose={close} />;
}

function WizardDialog({ wizard, reply, onClose }: { wizard: WizardView; reply: WizardReply | null; onClose: () => void }) {
  const { t } = useTranslation("onboarding");
  const { t: tc } = useTranslation("common");
  return (
    <Dialog open onClose={onClose} title={t(`wizard.${wizard.step}.title`)} closeLabel={tc("dialog.close")}>
      <div data-testid="onboarding-wizard" data-step={wizard.step} className="space-y-4">
        <StepProgress step={wizard.step} />
        <StepBody wizard={wizard} reply={reply} onClose={onClose} />
      </div>
    </Dialog>
  );
}

/** The step as a section of the page (without JavaScript, and before hydration). */
function WizardPanel({ step, children }: { step: WizardStep; children: ReactNode }) {
  const { t } = useTranslation("onboarding");
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="onboarding-wizard"
      data-step={step}
      className="rounded-lg border-2 border-primary bg-white p-5 shadow-sm dark:bg-slate-900"
    >
      <div className="mb-4 space-y-1">
        <StepProgress step={step} />
        <h2 id={titleId} className="text-lg font-semibold">
          {t(`wizard.${step}.title`)}
        </h2>
      </div>
      {children}
    </section>
  );
}

function StepProgress({ step }: { step: WizardStep }) {
  const { t } = useTranslation("onboarding");
  return (
    <p className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400" data-testid="onboarding-progress">
      {t("wizard.progress", { current: WIZARD_STEPS.indexOf(step) + 1, total: WIZARD_STEPS.length })}
    </p>
  );
}

/** Back (a link to the previous step) and the step's way on, in one row; Close with it when there is no dialog. */
function StepActions({ step, closeHref, onClose, children }: { step: WizardStep; closeHref?: string; onClose?: () => void; children: ReactNode }) {
  const { t } = useTranslation("onboarding");
  const location = useLocation();
  const previous = previousWizardStep(step);
  return (
    <div className="flex flex-wrap items-center gap-2 pt-2">
      {children}
      {previous ? (
        <Link to={wizardStepHref(previous, location.search)} preventScrollReset className={buttonClass("secondary")}>
          {t("wizard.back")}
        </Link>
      ) : null}
      {onClose ? null : closeHref ? (
        <Link to={closeHref} className={buttonClass("ghost", "sm:ml-auto")}>
          {t("wizard.close")}
        </Link>
      ) : null}
    </div>
  );
}

function StepBody({ wizard, reply, closeHref, onClose }: { wizard: WizardView; reply: WizardReply | null; closeHref?: string; onClose?: () => void }) {
  const { t } = useTranslation("onboarding");
  const location = useLocation();
  const nextHref = (step: WizardStep) => wizardStepHref(nextWizardStep(step) ?? step, location.search);
  switch (wizard.step) {
    case "welcome":
      return (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("wizard.welcome.body")}</p>
          <StepActions step="welcome" closeHref={closeHref} onClose={onClose}>
            <Link to={nextHref("welcome")} preventScrollReset className={buttonClass("primary")}>
              {t("wizard.welcome.start")}
            </Link>
          </StepActions>
        </div>
      );
    case "phone":
      return <PhoneStep wizard={wizard} reply={reply?.intent === "phone" ? reply.result : null} closeHref={closeHref} onClose={onClose} />;
    case "profile":
      return <ProfileStep wizard={wizard} reply={reply?.intent === "profile" ? reply.result : null} closeHref={closeHref} onClose={onClose} />;
    case "tour":
      return (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("wizard.tour.listIntro")}</p>
          <ol className="grid gap-2 sm:grid-cols-2" data-testid="onboarding-nav-areas">
            {NAV_TOUR_AREAS.map((area) => (
              <li key={area.key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <Link to={area.href} className="font-medium text-primary-dark underline dark:text-primary">
                  {t(`tours.nav.${area.key}.title`)}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t(`tours.nav.${area.key}.body`)}</p>
              </li>
            ))}
          </ol>
          <StepActions step="tour" closeHref={closeHref} onClose={onClose}>
            <Link to={nextHref("tour")} preventScrollReset className={buttonClass("primary")}>
              {t("wizard.next")}
            </Link>
          </StepActions>
        </div>
      );
    case "done":
      return (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("wizard.done.body")}</p>
          <StepActions step="done" closeHref={closeHref} onClose={onClose}>
            <Link to={WIZARD_FINISH_HREF} className={buttonClass("primary")}>
              {t("wizard.done.go")}
            </Link>
          </StepActions>
        </div>
      );
  }
}

/** Whether the page is posting this step's form. */
function useSubmittingStep(step: WizardStep) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && new URLSearchParams(navigation.location?.search).get("onboarding") === step;
}

function PhoneStep({ wizard, reply, closeHref, onClose }: { wizard: WizardView; reply: PlainReply | null; closeHref?: string; onClose?: () => void }) {
  const { t } = useTranslation("onboarding");
  const location = useLocation();
  const submitting = useSubmittingStep("phone");
  const [form, fields] = usePlainForm<{ phone: string }>({ id: "onboarding-phone", lastResult: reply, defaultValue: { phone: wizard.phone } });
  if (!wizard.canSave) return <ReadOnlyStep step="phone" value={wizard.phone} closeHref={closeHref} onClose={onClose} />;
  return (
    <Form method="post" action={wizardStepHref("phone", location.search)} preventScrollReset {...plainFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="phone" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("wizard.phone.body")}</p>
      <FormErrors errors={form.errors} namespace="onboarding" />
      <PhoneField
        label={t("wizard.phone.label")}
        errors={fields.phone.errors}
        namespace="onboarding"
        country={wizard.country}
        inputProps={{ ...plainInputProps(fields.phone, { type: "tel" }), required: true }}
      />
      <StepActions step="phone" closeHref={closeHref} onClose={onClose}>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? t("wizard.phone.saving") : t("wizard.phone.save")}
        </Button>
      </StepActions>
    </Form>
  );
}

function ProfileStep({ wizard, reply, closeHref, onClose }: { wizard: WizardView; reply: PlainReply | null; closeHref?: string; onClose?: () => void }) {
  const { t } = useTranslation("onboarding");
  const location = useLocation();
  const submitting = useSubmittingStep("profile");
  const [form, fields] = usePlainForm<ProfileOptions>({ id: "onboarding-profile", lastResult: reply, defaultValue: wizard.profile });
  return (
    <Form method="post" action={wizardStepHref("profile", location.search)} preventScrollReset {...plainFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="profile" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("wizard.profile.body")}</p>
      <FormErrors errors={form.errors} namespace="onboarding" />
      {wizard.canSave ? null : <Notice>{t("wizard.profile.readOnly")}</Notice>}
      <fieldset className="space-y-2" disabled={!wizard.canSave}>
        <legend className="text-sm font-medium">{t("wizard.profile.legend")}</legend>
        {PROFILE_OPTIONS.map((option) => (
          <CheckboxField
            key={option}
            label={t(`wizard.profile.${option}`)}
            hint={t(`wizard.profile.${option}Hint`)}
            inputProps={plainInputProps(fields[option], { type: "checkbox" })}
          />
        ))}
      </fieldset>
      <StepActions step="profile" closeHref={closeHref} onClose={onClose}>
        {wizard.canSave ? (
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? t("wizard.profile.saving") : t("wizard.profile.save")}
          </Button>
        ) : (
          <Link to={wizardStepHref("tour", location.search)} preventScrollReset className={buttonClass("primary")}>
            {t("wizard.next")}
          </Link>
        )}
      </StepActions>
    </Form>
  );
}

/** A step whose form the user's role may not send: what is stored, and the way on. */
function ReadOnlyStep({ step, value, closeHref, onClose }: { step: "phone"; value: string; closeHref?: string; onClose?: () => void }) {
  const { t } = useTranslation("onboarding");
  const location = useLocation();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("wizard.phone.body")}</p>
      {value ? <p className="font-medium">{value}</p> : null}
      <Notice>{t(`wizard.${step}.readOnly`)}</Notice>
      <StepActions step={step} closeHref={closeHref} onClose={onClose}>
        <Link to={wizardStepHref(nextWizardStep(step)!, location.search)} preventScrollReset className={buttonClass("primary")}>
          {t("wizard.next")}
        </Link>
      </StepActions>
    </div>
  );
}
