import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      colors: {
        // The tenant-chosen palette colour arrives as CSS variables (see app/lib/theme/palette.ts).
        primary: {
          DEFAULT: "rgb(var(--color-primary) / <alpha-value>)",
          dark: "rgb(var(--color-primary-dark) / <alpha-value>)",
          contrast: "rgb(var(--color-primary-contrast) / <alpha-value>)",
          button: "rgb(var(--color-primary-button) / <alpha-value>)",
          "button-text": "rgb(var(--color-primary-button-text) / <alpha-value>)",
        },
      },
      screens: {
        // The spec collapses the sidebar at max-width 768px; `wide` is everything above.
        wide: "769px",
      },
    },
  },
  plugins: [],
} satisfies Config;
