import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The house of app/, bottom to top (decision 0075): a layer imports only the layers below it. The
 * files at app/'s root (config.server, startup, start-portal, root, entry.server) wire the house and sit above it.
 */
const LAYERS = ["lib", "db", "platform", "identity", "auth", "write-path", "integrations", "forms", "grid", "http", "modules", "components", "routes"];
const WIRING = [
  "./app/config.server.ts",
  "./app/startup.server.ts",
  "./app/startup-banner.server.ts",
  "./app/start-portal.server.ts",
  "./app/root.tsx",
  "./app/entry.server.tsx",
  "./app/entry.client.tsx",
];

function layerZones() {
  return LAYERS.flatMap((layer, index) => {
    const above = LAYERS.slice(index + 1).map((higher) => `./app/${higher}`);
    const message = `app/${layer} imports only the layers below it (decision 0075).`;
    if (layer !== "identity") return [{ target: `./app/${layer}`, from: [...above, ...WIRING], message }];
    // The one arrow back up: the built-in identity provider's pages say the portal's own sign-in words.
    return [
      { target: "./app/identity", from: [...above.filter((higher) => higher !== "./app/auth"), ...WIRING], message },
      { target: "./app/identity", from: "./app/auth", except: ["./sign-in-messages.ts"], message },
    ];
  });
}

export default tseslint.config(
  {
    ignores: ["build/", "public/build/", "node_modules/", "data/", "test-results/", "playwright-report/", "coverage/", ".cache/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs,jsx,ts,tsx,mts}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
  {
    files: ["**/*.{jsx,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      ...react.configs.flat["jsx-runtime"].languageOptions,
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // TypeScript checks props.
      "react/prop-types": "off",
    },
    settings: { react: { version: "detect" } },
  },
  {
    files: ["**/*.{js,jsx,ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    plugins: { import: importPlugin },
    rules: {
      "import/no-duplicates": "error",
      "import/first": "error",
      "import/newline-after-import": "error",
      // One import order everywhere: Node's built-ins, packages, the app (~/), then relative paths.
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          pathGroupsExcludedImportTypes: ["builtin"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },
  {
    // The layer map (decision 0075) and no import circle, resolved as TypeScript resolves (the ~/ paths).
    files: ["app/**/*.{ts,tsx}", "server.ts", "seed/**/*.ts"],
    plugins: { import: importPlugin },
    settings: { "import/resolver": { typescript: { project: "./tsconfig.json" } } },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": ["error", { zones: layerZones() }],
    },
  },
  {
    // The seed is a tool beside the app: it imports the app; in the app only the start-up imports it.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/startup.server.ts"],
    plugins: { import: importPlugin },
    settings: { "import/resolver": { typescript: { project: "./tsconfig.json" } } },
    rules: {
      "import/no-restricted-paths": [
        "error",
        { zones: [...layerZones(), { target: "./app", from: "./seed", message: "Only app/startup.server.ts imports the seed." }] },
      ],
    },
  },
  {
    // One module graph (decision 0080): the portal's state lives in its modules, not on globalThis.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "globalThis", message: "Keep state in the module (decision 0080): server.ts starts the portal from the Remix build." },
      ],
      "no-restricted-properties": ["error", { object: "global", message: "Keep state in the module (decision 0080)." }],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
);
