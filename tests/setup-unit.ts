import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// Lazily loaded pages and MUI in jsdom can take well over a second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });
