import { describe, expect, it } from 'vitest';
import { classifyFailure, classifyRejection } from './classify';

describe('classifyFailure', () => {
  it.each([
    [{ status: 0, code: '', message: 'TypeError: fetch failed' }, 'retry'],
    [{ status: 500, code: '', message: 'Internal' }, 'retry'],
    [{ status: 503, code: 'PGRST002', message: 'schema cache' }, 'retry'],
    [{ status: 429, code: '', message: 'slow down' }, 'retry'],
    [{ status: 401, code: '42501', message: 'permission denied' }, 'auth'],
    [{ status: 401, code: 'PGRST303', message: 'JWT expired' }, 'auth'],
    [{ status: 403, code: 'bad_jwt', message: 'invalid JWT' }, 'auth'],
    [{ status: 401, code: 'session_mismatch', message: 'No session' }, 'auth'],
    [{ status: 400, code: '22P02', message: 'invalid input syntax for type uuid' }, 'park'],
    [{ status: 409, code: '23505', message: 'duplicate key' }, 'park'],
    [{ status: 403, code: '42501', message: 'permission denied for table' }, 'park'],
    [{ status: 413, code: 'PGRST413', message: 'Payload Too Large' }, 'park'],
    [{ status: 404, code: 'PGRST202', message: 'function not found' }, 'park'],
  ] as const)('%o → %s', (failure, kind) => {
    expect(classifyFailure(failure)).toBe(kind);
  });
});

describe('classifyRejection', () => {
  it('retries transient SQLSTATEs and parks data errors', () => {
    expect(classifyRejection('40001')).toBe('retry');
    expect(classifyRejection('40P01')).toBe('retry');
    expect(classifyRejection('55P03')).toBe('retry');
    expect(classifyRejection('23514')).toBe('park');
    expect(classifyRejection('22P02')).toBe('park');
    expect(classifyRejection('23505')).toBe('park');
    expect(classifyRejection('P0002')).toBe('park');
  });
});
