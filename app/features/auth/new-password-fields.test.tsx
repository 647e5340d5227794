import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/lib/forms/plain-form";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { PasswordSection } from "~/features/profile/profile-sections";
import { NewPasswordFields } from "./new-password-fields";

/** Server-rendered, as the page arrives after a refused post without JavaScript. */
async function render(element: JSX.Element, language: Language = "en") {
  const translator = new Translator(language, resources[language]);
  const handler = createStaticHandler([{ path: "/", element: <TranslationProvider translator={translator}>{element}</TranslationProvider> }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const refused = (errors: Record<string, string[]>): SubmissionResult<string[]> => ({ status: "error", initialValue: {}, error: errors });

function RegistrationPasswords({ lastResult }: { lastResult: SubmissionResult<string[]> }) {
  const [, fields] = usePlainForm<{ password: string; confirmPassword: string }>({ id: "register", lastResult });
  return <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />;
}

const RULES_EN = "Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character";
const RULES_DE = "Das Passwort muss mindestens 8 Zeichen lang sein und einen Großbuchstaben, einen Kleinbuchstaben, eine Zahl und ein Sonderzeichen enthalten";
const occurrences = (html: string, text: string) => html.split(text).length - 1;

describe("the password rules hint", () => {
  it("is shown under a new password field that has no error", async () => {
    const html = await render(<RegistrationPasswords lastResult={refused({})} />);
    expect(occurrences(html, RULES_EN)).toBe(1);
    expect(html).toMatch(/<p id="register-password-hint"[^>]*>Password must be/);
  });

  it("gives way to the error when the error is the rule: the message appears once, as the error, at the field", async () => {
    const html = await render(<RegistrationPasswords lastResult={refused({ password: ["validation.passwordRules"] })} />);
    expect(occurrences(html, RULES_EN)).toBe(1);
    expect(html).not.toContain('id="register-password-hint"');
    expect(html).toMatch(/<ul id="register-password-error"[^>]*><li>Password must be/);
    expect(html).toMatch(/aria-describedby="register-password-error"/);
  });

  it("stays beside any other error, which does not repeat it", async () => {
    const html = await render(<RegistrationPasswords lastResult={refused({ password: ["validation.passwordTooLong"] })} />);
    expect(occurrences(html, RULES_EN)).toBe(1);
    expect(html).toContain('id="register-password-hint"');
    expect(html).toContain("Password must be at most 200 characters");
  });

  it("is not repeated on the profile's password change either, in German", async () => {
    const lastResult = { ...refused({ newPassword: ["validation.passwordRules"] }), intent: undefined };
    const html = await render(<PasswordSection lastResult={lastResult} disabled={false} constraint={{}} />, "de");
    expect(occurrences(html, RULES_DE)).toBe(1);
    expect(html).not.toContain('id="profile-password-newPassword-hint"');
    const untouched = await render(<PasswordSection lastResult={undefined} disabled={false} constraint={{}} />, "de");
    expect(untouched).toContain('id="profile-password-newPassword-hint"');
  });
});
