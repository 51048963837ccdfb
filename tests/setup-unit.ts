import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { beforeAll } from 'vitest';
import { configure } from '@testing-library/dom';
import { loadEveryPart } from '../src/lib/on-demand';

// Lazily loaded pages and MUI in jsdom can take well over a second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// The dialogs, menus and notices of the test file's modules fetch their look when first opened
// (src/lib/on-demand.tsx): loaded up front, they open as the user's action ends, however busy the
// machine. Parts a test makes itself are made after this and fetch as they would in the app.
beforeAll(() => loadEveryPart());
