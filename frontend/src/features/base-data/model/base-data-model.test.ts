import { MASTER_DATA, SPECIAL_MASTER_DATA } from '@contracts/master-data';
import { ApiError } from '../../../lib/http-client';
import { formErrorOf } from '../../../lib/form-errors';
import { filterFields, filterKindOf, formFields, hasKeywordSearch, inputKindOf, listColumns } from './fields';
import { initialValues, missingRequired, toCreateBody, toUpdateBody } from './form-values';
import { defaultListState, listStateKey, loadListState, saveListState, toQueryParams } from './list-state';

const goods = SPECIAL_MASTER_DATA.goods;
const customer = MASTER_DATA.customer;

describe('definition → columns, filters and inputs', () => {
  it('lists every field but long texts as a column, in definition order', () => {
    expect(listColumns(customer).map(([name]) => name)).toEqual(['code', 'shortName', 'fullName', 'phone', 'fax', 'email', 'address']);
    expect(formFields(customer).map(([name]) => name)).toContain('note');
  });

  it('offers filters only where the definition allows them', () => {
    expect(filterFields(goods).map(([name]) => name)).toEqual(['code', 'name', 'category', 'unitGroup', 'sizeGroup', 'costPrice', 'salesPrice', 'image']);
    expect(filterFields(customer).map(([name]) => name)).toEqual(['code', 'shortName']);
    expect(hasKeywordSearch(customer)).toBe(true);
  });

  it('chooses the input and the filter by field kind', () => {
    const kinds = Object.fromEntries(formFields(goods).map(([name, field]) => [name, [inputKindOf(field), filterKindOf(field)]]));
    expect(kinds).toMatchObject({
      code: ['text', 'text'],
      category: ['reference', 'reference'],
      costPrice: ['number', 'number'],
      image: ['image', 'image'],
      note: ['textarea', 'text'],
    });
    expect(inputKindOf(SPECIAL_MASTER_DATA.process.fields.endProcess)).toBe('switch');
  });
});

describe('list state → query', () => {
  it('sends paging, sort, keyword and filter.<field>, leaving blanks out', () => {
    const state = { ...defaultListState(goods), page: 3, keyword: ' STY ', filters: { category: '4', name: '  ', image: 'true' } };
    expect(toQueryParams(state)).toEqual({
      page: 3,
      pageSize: 20,
      sortField: 'code',
      sortOrder: 'asc',
      keyword: 'STY',
      'filter.category': '4',
      'filter.image': 'true',
    });
    expect(toQueryParams(state, { paging: false })).not.toHaveProperty('page');
  });

  it('remembers the state per entity in session storage and drops what no longer fits', () => {
    const state = { ...defaultListState(goods), page: 2, sortField: 'salesPrice', sortOrder: 'desc' as const, keyword: 'x', filters: { category: '4' } };
    saveListState('goods', state, window.sessionStorage);
    expect(loadListState('goods', goods, window.sessionStorage)).toEqual(state);
    expect(loadListState('customer', customer, window.sessionStorage)).toEqual(defaultListState(customer));

    window.sessionStorage.setItem(listStateKey('goods'), JSON.stringify({ page: -1, sortField: 'password', filters: { nope: 'x', code: 'A' } }));
    expect(loadListState('goods', goods, window.sessionStorage)).toEqual({ ...defaultListState(goods), filters: { code: 'A' } });
    window.sessionStorage.setItem(listStateKey('goods'), '{broken');
    expect(loadListState('goods', goods, window.sessionStorage)).toEqual(defaultListState(goods));
  });
});

describe('form values → body', () => {
  const record = { id: 7, version: 3, createdAt: '', updatedAt: '', code: 'S-1', name: 'Tee', category: 2, sizeGroup: 5, costPrice: '10.50', salesPrice: null, image: 'abc', note: null, unitGroup: null };

  it('starts a new record from the defaults', () => {
    expect(initialValues(SPECIAL_MASTER_DATA.process, null)).toMatchObject({ code: '', sortOrder: 0, endProcess: false, pieceRate: null });
  });

  it('creates with the filled fields and updates with id, version and the changes only', () => {
    const values = { ...initialValues(goods, record), salesPrice: 20, image: null, name: 'Tee' };
    expect(toUpdateBody(goods, values, record)).toEqual({ id: 7, version: 3, salesPrice: 20, image: '' });
    expect(toCreateBody(goods, { ...initialValues(goods, null), code: 'A', name: 'B', category: 1 })).toEqual({ code: 'A', name: 'B', category: 1 });
  });

  it('names the first missing required field', () => {
    expect(missingRequired(goods, { ...initialValues(goods, null), code: 'A', name: ' ' })).toBe('name');
    expect(missingRequired(goods, initialValues(goods, record))).toBeNull();
  });
});

describe('error → field', () => {
  const fields = ['code', 'name', 'steps'];
  it('puts a validation message under the field the server names', () => {
    expect(formErrorOf(new ApiError('编码不能为空', 400, 'api', { field: 'code', errorKey: 'validation' }), fields)).toEqual({ field: 'code', message: '编码不能为空', conflict: false });
    expect(formErrorOf(new ApiError('bad step', 400, 'api', { field: 'steps.1.name' }), fields)).toMatchObject({ field: 'steps' });
    expect(formErrorOf(new ApiError('Code already exists', 409, 'api', { field: 'code', errorKey: 'alreadyExists' }), fields)).toMatchObject({ field: 'code' });
  });

  it('recognises a stale version and leaves other refusals to the whole form', () => {
    expect(formErrorOf(new ApiError('changed', 409, 'api', { errorKey: 'conflict' }), fields)).toEqual({ field: null, message: 'changed', conflict: true });
    expect(formErrorOf(new ApiError('in use', 409, 'api', { errorKey: 'inUse' }), fields)).toMatchObject({ field: null, conflict: false });
    expect(formErrorOf(new ApiError('x', 401, 'unauthorized'), fields)).toBeNull();
    expect(formErrorOf(new Error('x'), fields)).toBeNull();
  });
});
