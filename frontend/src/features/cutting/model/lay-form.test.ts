import { MAX_BUNDLES_PER_LAY, type LayRecord, type OrderCutting } from '@contracts/bundles';
import { bundlesOf, cutGridOf, draftOf, emptyDraft, layInputOf, piecesOf, previewOf, validateLay, type LayDraft } from './lay-form';

const cutting: Pick<OrderCutting, 'colors' | 'sizes' | 'cells'> = {
  colors: [
    { id: 1, name: '白色' },
    { id: 2, name: '黑色' },
  ],
  sizes: [
    { id: 11, name: 'M' },
    { id: 12, name: 'L' },
  ],
  cells: [
    { colorId: 1, sizeId: 11, ordered: 100, cut: 40, difference: -60 },
    { colorId: 1, sizeId: 12, ordered: 50, cut: 60, difference: 10 },
    { colorId: 2, sizeId: 11, ordered: 30, cut: 0, difference: -30 },
  ],
};

const draft = (patch: Partial<LayDraft>): LayDraft => ({ ...emptyDraft(20), colorId: 1, plies: 10, ...patch });

describe('lay preview arithmetic', () => {
  it('pieces are ratio × plies, or the quantity as given', () => {
    expect(piecesOf('ratio', 3, 12)).toBe(36);
    expect(piecesOf('quantity', 37, 12)).toBe(37);
    expect(piecesOf('ratio', 3, null)).toBe(0);
    expect(piecesOf('quantity', null, 5)).toBe(0);
  });

  it('cuts pieces into bundles, the last holding the remainder', () => {
    expect(bundlesOf(45, 20)).toEqual({ bundles: 3, lastBundle: 5 });
    expect(bundlesOf(40, 20)).toEqual({ bundles: 2, lastBundle: 20 });
    expect(bundlesOf(7, 20)).toEqual({ bundles: 1, lastBundle: 7 });
    expect(bundlesOf(0, 20)).toEqual({ bundles: 0, lastBundle: 0 });
    expect(bundlesOf(30, null)).toEqual({ bundles: 0, lastBundle: 0 });
  });

  it('previews per size with ordered, cut before and the difference after', () => {
    const preview = previewOf(draft({ values: { 11: 4, 12: 1 } }), cutting);
    expect(preview.pieces).toBe(50);
    expect(preview.bundles).toBe(3);
    expect(preview.sizes).toEqual([
      { sizeId: 11, sizeName: 'M', pieces: 40, bundles: 2, lastBundle: 20, ordered: 100, cutBefore: 40, differenceAfter: -20 },
      { sizeId: 12, sizeName: 'L', pieces: 10, bundles: 1, lastBundle: 10, ordered: 50, cutBefore: 60, differenceAfter: 20 },
    ]);
  });

  it('leaves the edited lay out of "cut before"', () => {
    const lay = { colorId: 1, sizes: [{ sizeId: 11, sizeName: 'M', ratio: null, quantity: 40 }] } as LayRecord;
    const preview = previewOf(draft({ mode: 'quantity', values: { 11: 45 } }), cutting, lay);
    expect(preview.sizes[0]).toMatchObject({ pieces: 45, bundles: 3, lastBundle: 5, cutBefore: 0, differenceAfter: -55 });
  });

  it('sums the cut grid per colour and size', () => {
    const grid = cutGridOf(cutting);
    expect(grid.rows.map((row) => [row.colorName, row.ordered, row.cut])).toEqual([
      ['白色', 150, 100],
      ['黑色', 30, 0],
    ]);
    expect(grid.rows[1].cells[1]).toBeNull();
    expect(grid.totals).toEqual([
      { ordered: 130, cut: 40 },
      { ordered: 50, cut: 60 },
    ]);
    expect([grid.ordered, grid.cut]).toEqual([180, 100]);
  });
});

describe('lay validation', () => {
  it('accepts a complete lay', () => {
    expect(validateLay(draft({ values: { 11: 2 } }), cutting)).toEqual({});
  });

  it('names every missing or out-of-range field', () => {
    const errors = validateLay({ ...emptyDraft(0), plies: 0, note: 'x'.repeat(201) }, cutting);
    expect(Object.keys(errors).sort()).toEqual(['bundleSize', 'colorId', 'note', 'plies', 'sizes']);
    expect(errors.sizes?.key).toBe('form.errors.sizesRequired');
    expect(validateLay(draft({ plies: 1001, values: { 11: 1 } }), cutting).plies?.key).toBe('form.errors.plies');
    expect(validateLay(draft({ bundleSize: 501, values: { 11: 1 } }), cutting).bundleSize?.key).toBe('form.errors.bundleSize');
    expect(validateLay(draft({ colorId: 99, values: { 11: 1 } }), cutting).colorId?.key).toBe('form.errors.colorRequired');
  });

  it('refuses fractions and negatives per size', () => {
    expect(validateLay(draft({ values: { 11: 1.5 } }), cutting).sizes?.key).toBe('form.errors.sizeWhole');
    expect(validateLay(draft({ values: { 11: -1, 12: 2 } }), cutting).sizes?.key).toBe('form.errors.sizeWhole');
  });

  it('refuses a lay that makes more bundles than allowed', () => {
    const errors = validateLay(draft({ plies: 1000, bundleSize: 1, values: { 11: 3 } }), cutting);
    expect(errors.sizes).toEqual({ key: 'form.errors.tooManyBundles', values: { count: 3000, max: MAX_BUNDLES_PER_LAY } });
  });
});

describe('lay request', () => {
  it('sends only sizes with a value, by ratio or quantity', () => {
    expect(layInputOf(draft({ values: { 11: 2, 12: 0 }, cutterId: 7, note: ' 第一床 ' }), 5)).toEqual({
      orderId: 5,
      colorId: 1,
      plies: 10,
      sizes: [{ sizeId: 11, ratio: 2 }],
      bundleSize: 20,
      cutterId: 7,
      note: '第一床',
    });
    expect(layInputOf(draft({ mode: 'quantity', values: { 12: 33 } }), 5, 4)).toEqual({ orderId: 5, colorId: 1, plies: 10, sizes: [{ sizeId: 12, quantity: 33 }], bundleSize: 20, version: 4 });
  });

  it('reads an existing lay back into the form', () => {
    const lay = {
      colorId: 2,
      plies: 8,
      bundleSize: 12,
      cutterId: null,
      note: '',
      sizes: [
        { sizeId: 11, sizeName: 'M', ratio: 2, quantity: 16 },
        { sizeId: 12, sizeName: 'L', ratio: 1, quantity: 8 },
      ],
    } as unknown as LayRecord;
    expect(draftOf(lay)).toEqual({ colorId: 2, plies: 8, mode: 'ratio', values: { 11: 2, 12: 1 }, bundleSize: 12, cutterId: null, note: '' });
    const byQuantity = { ...lay, sizes: [{ sizeId: 11, sizeName: 'M', ratio: null, quantity: 30 }] } as LayRecord;
    expect(draftOf(byQuantity)).toMatchObject({ mode: 'quantity', values: { 11: 30 } });
  });
});
