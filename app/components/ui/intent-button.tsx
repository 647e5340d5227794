import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

/**
 * A form of one button that posts an `intent` to the page's own action (join
 * a programme, replay a delivery…): the page's actions tell their forms apart
 * by that hidden field, and the form works without JavaScript.
 */
export function IntentButton({
  intent,
  pending = false,
  variant,
  size,
  children,
}: {
  intent: string;
  /** This form's post is on its way: the button shows it and cannot be pressed twice. */
  pending?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} size={size} loading={pending}>
        {children}
      </Button>
    </Form>
  );
}
