// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHandler } from './use-handler';

describe('useHandler', () => {
  it('keeps one identity across renders and runs the latest function', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(
      ({ name }) => useHandler((greeting: string) => calls.push(`${greeting} ${name}`)),
      { initialProps: { name: 'Ada' } },
    );
    const first = result.current;
    first('Hello');
    rerender({ name: 'Grace' });
    expect(result.current).toBe(first);
    first('Hi');
    expect(calls).toEqual(['Hello Ada', 'Hi Grace']);
  });

  it('runs `before` first, and then the function of the render it committed', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(
      ({ name }) => useHandler(() => calls.push(name), before),
      { initialProps: { name: 'Ada' } },
    );
    // As a flushSync would: `before` commits a render with a new function before the call reads it.
    function before() {
      calls.push('before');
      rerender({ name: 'Grace' });
    }
    result.current();
    expect(calls).toEqual(['before', 'Grace']);
  });
});
