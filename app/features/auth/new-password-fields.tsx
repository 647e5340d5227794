import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/field";

/** A new password with its confirmation, the rules spelled out under the first field (registration and password reset). */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabelKey = "fields.password",
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  passwordLabelKey?: "fields.password" | "fields.newPassword";
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextField
        label={t(passwordLabelKey)}
        errors={password.errors}
        namespace="auth"
        hint={t("validation.passwordRules")}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
      />
      <TextField
        label={t("fields.confirmPassword")}
        errors={confirmPassword.errors}
        namespace="auth"
        inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
      />
    </>
  );
}
