import { plainInputProps, type PlainField } from "~/lib/forms/plain-form";
import { useTranslation } from "~/i18n/react";
import { TextField } from "~/components/ui/field";
import { PASSWORD_RULES_ERROR } from "./password-rules";

/**
 * The password rules as a hint under the field, unless the field's error is
 * that very rule: then the error stands in the hint's place rather than
 * repeating it word for word beneath. Any other error (too long, required)
 * still comes with the rules.
 */
export function passwordRulesHint(errors: string[] | undefined, rules: string) {
  return errors?.includes(PASSWORD_RULES_ERROR) ? undefined : rules;
}

/** A new password with its confirmation, the rules spelled out under the first field (registration and password reset). */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabelKey = "fields.password",
}: {
  password: PlainField;
  confirmPassword: PlainField;
  passwordLabelKey?: "fields.password" | "fields.newPassword";
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextField
        label={t(passwordLabelKey)}
        errors={password.errors}
        namespace="auth"
        hint={passwordRulesHint(password.errors, t(PASSWORD_RULES_ERROR))}
        inputProps={{ ...plainInputProps(password, { type: "password" }), autoComplete: "new-password" }}
      />
      <TextField
        label={t("fields.confirmPassword")}
        errors={confirmPassword.errors}
        namespace="auth"
        inputProps={{ ...plainInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
      />
    </>
  );
}
