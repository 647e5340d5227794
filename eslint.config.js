import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./tools/eslint/layers.js";

export default tseslint.config(
  { ignores: [".builds/**", "build/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // The browser loads no zod (docs/decisions/0015): components get a form's constraints from the loader and may import a schema module's types only.
    files: ["app/components/**/*.tsx", "app/features/**/*.tsx", "app/features/**/*-params.ts", "app/lib/url-params/**/*.ts", "app/lib/forms/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", allowTypeImports: true, message: "Components and URL state run in the browser, which loads no zod (docs/decisions/0015)." },
            {
              name: "@conform-to/zod",
              message: "Take the form's constraint from the loader (getZodConstraint there) and use useActionForm (docs/decisions/0015).",
            },
          ],
          patterns: [
            {
              group: ["**/schemas", "**/*-schema"],
              allowTypeImports: true,
              message: "Schema modules are for the server; import their types, or the constants from the zod-free module beside them (docs/decisions/0015).",
            },
          ],
        },
      ],
    },
  },
  {
    // The layers of app/ and no import cycles (docs/decisions/0029-code-layout.md). Type-only imports do not make a cycle.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX, voxboard: layers },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "voxboard/layers": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Route modules read and write through features (docs/decisions/0029-code-layout.md): no query, transaction or id helper in a route.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/db/*", "**/db/db.server", "kysely"],
              allowTypeImports: true,
              message: "Route modules do not touch the database: call a feature's function (docs/decisions/0029-code-layout.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // One error path: an error Response is made by app/lib/http/errors.server.ts (notFound, badRequest, forbidden, invariantResponse…), so its status, headers and translated text are the same everywhere.
    // The JSON API builds its documented error body with a status it is given (apiError; docs/api), which this does not see.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/http/errors.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["NewExpression[callee.name='Response']", "CallExpression[callee.object.name='Response'][callee.property.name='json']"].map((call) => ({
          selector: `${call} > ObjectExpression > Property[key.name='status'][value.value>=400]`,
          message:
            "Throw an error Response with app/lib/http/errors.server.ts (notFound, badRequest, forbidden, invariantResponse, errorResponse…), not by hand.",
        })),
      ],
    },
  },
  {
    // Playwright fixtures call a function named `use`; it is not React's.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,cjs,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
