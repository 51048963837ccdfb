import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

// Code flows one way: shared (components, lib) -> features -> app.
const sharedZones = [
  {
    target: './src/lib',
    from: ['./src/features', './src/app'],
    message: 'lib/ is shared code: it imports no feature and no app module.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'components/ is shared code: it imports no feature and no app module.',
  },
];

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A feature uses another only through its index.ts, so files behind an index can change freely.
const featureIndexZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [
    `./${feature}`,
    ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
  ],
  message: 'Import another feature through its index.ts, not from one of its files.',
}));

const featureZone = {
  target: './src/features',
  from: './src/app',
  except: ['./hooks.ts', './store-types.ts'],
  message: 'A feature may import only the typed hooks from app/.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      '.test-data',
      'test-results',
      'playwright-report',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use the typed useAppSelector/useAppDispatch from src/app/hooks.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...sharedZones, featureZone, ...featureIndexZones] },
      ],
    },
  },
  {
    // A feature's tests run it on the app's own store (makeStore, middleware and persistence), so
    // they, like the support code in src/testing, may import from app/. Shared code's tests may not.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...sharedZones, ...featureIndexZones] }],
    },
  },
);
