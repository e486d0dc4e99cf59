import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { databaseFailureOf } from './database-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseFailureOf', () => {
  it.each([
    ['ECONNREFUSED inside an AggregateError (both ::1 and 127.0.0.1)', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['57P01 admin_shutdown wrapped by TypeORM', new QueryFailedError('SELECT 1', [], withCode('57P01', 'terminating connection due to administrator command'))],
    ['57P03 cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['08006 connection_failure', withCode('08006')],
    ['pg: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pg-pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg query_timeout', new QueryFailedError('SELECT 1', [], new Error('Query read timeout'))],
    ['a cause chain', new Error('outer', { cause: withCode('ECONNREFUSED') })],
    ['TypeORM: the transaction lost its connection (runner released)', new QueryRunnerAlreadyReleasedError()],
    ['TypeORM: the manager of a released runner', new QueryRunnerProviderAlreadyReleasedError()],
  ])('%s → unavailable', (_name, error) => {
    expect(databaseFailureOf(error)).toBe('unavailable');
  });

  it.each([
    ['57014 statement_timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['55P03 lock_timeout', new QueryFailedError('UPDATE', [], withCode('55P03', 'canceling statement due to lock timeout'))],
    ['40P01 deadlock', withCode('40P01')],
  ])('%s → busy', (_name, error) => {
    expect(databaseFailureOf(error)).toBe('busy');
  });

  it.each([
    ['23505 unique violation', new QueryFailedError('INSERT', [], withCode('23505', 'duplicate key value violates unique constraint'))],
    ['22021 bad byte', withCode('22021')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['a SQL error whose text mentions a terminated connection', withCode('42601', 'syntax error near "Connection terminated"')],
    ['not an error', 'Connection terminated'],
    ['null', null],
  ])('%s → not a database outage', (_name, error) => {
    expect(databaseFailureOf(error)).toBeNull();
  });
});
