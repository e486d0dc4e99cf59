import type { StationWorker } from '@contracts/appraisal';
import { getStoredWorker, mayWorkAt, storeWorker } from './station-worker';

const WORKER: StationWorker = { id: 7, name: '阿强', username: 'aqiang', departmentName: '裁床组', processIds: [1, 3] };

beforeEach(() => window.localStorage.clear());

describe('the station worker on this device', () => {
  it('is remembered across a reload and forgotten on sign-out', () => {
    expect(getStoredWorker()).toBeNull();
    storeWorker(WORKER);
    expect(getStoredWorker()).toEqual(WORKER);
    storeWorker(null);
    expect(getStoredWorker()).toBeNull();
    expect(window.localStorage.getItem('stitchboard.scan.worker')).toBeNull();
  });

  it('ignores a stored value that is not a worker', () => {
    for (const raw of ['{', '"x"', '{"id":"7","name":"a","username":"a","processIds":[]}', '{"id":7,"name":"a","username":"a","processIds":["1"]}', '{"id":0,"name":"a","username":"a","processIds":[]}']) {
      window.localStorage.setItem('stitchboard.scan.worker', raw);
      expect(getStoredWorker()).toBeNull();
    }
    window.localStorage.setItem('stitchboard.scan.worker', '{"id":7,"name":"a","username":"a","processIds":[1]}');
    expect(getStoredWorker()).toEqual({ id: 7, name: 'a', username: 'a', processIds: [1], departmentName: null });
  });

  it('tells whether the worker may work at the process (no worker or no process: nothing to warn about)', () => {
    expect(mayWorkAt(WORKER, 3)).toBe(true);
    expect(mayWorkAt(WORKER, 2)).toBe(false);
    expect(mayWorkAt(null, 2)).toBe(true);
    expect(mayWorkAt(WORKER, null)).toBe(true);
  });
});
