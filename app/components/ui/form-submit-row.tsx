import { Link } from "@remix-run/react";
import { Button, buttonClass, type ButtonVariant } from "./button";
import { cn } from "./cn";

/**
 * The row that ends a form: its submit button, busy (a spinner, the "saving"
 * label, disabled) while the form is on its way, and an optional Cancel link.
 * One component so every form's last row looks and behaves alike (the
 * billing details, top-up and auto top-up forms, the tax rate form).
 */
export function FormSubmitRow({
  submitLabel,
  busyLabel,
  submitting,
  variant = "primary",
  cancel,
  className,
  "data-testid": testId,
}: {
  submitLabel: string;
  /** Shown instead of submitLabel while submitting; the label stays when there is none. */
  busyLabel?: string;
  submitting: boolean;
  variant?: ButtonVariant;
  cancel?: { href: string; label: string };
  className?: string;
  /** The submit button's test id. */
  "data-testid"?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <Button type="submit" loading={submitting} variant={variant} data-testid={testId}>
        {submitting && busyLabel ? busyLabel : submitLabel}
      </Button>
      {cancel ? (
        <Link to={cancel.href} className={buttonClass("secondary")}>
          {cancel.label}
        </Link>
      ) : null}
    </div>
  );
}
