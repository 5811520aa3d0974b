import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable, isConnectionFailure } from './errors';

const pgError = (code: string) => Object.assign(new Error('from the server'), { code });

describe('isConnectionFailure', () => {
  it('knows a lost, refused or shutting-down connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isConnectionFailure(pgError(code))).toBe(true);
    }
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isConnectionFailure(new DatabaseUnavailable(new Error('gone')))).toBe(true);
    // Connecting to a name with several addresses: every one refused.
    expect(isConnectionFailure(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves the errors of a query to the query', () => {
    for (const code of ['23505', '22P02', '22003', '42P01', '40001']) expect(isConnectionFailure(pgError(code))).toBe(false);
    expect(isConnectionFailure(new Error('boom'))).toBe(false);
    expect(isConnectionFailure(new AggregateError([pgError('ECONNREFUSED'), new Error('boom')]))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });
});
