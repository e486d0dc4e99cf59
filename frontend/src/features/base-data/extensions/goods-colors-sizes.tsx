// Goods: the colours a style comes in (in the order picked) and which sizes of its size group
// (none ticked = all), sent as comma-separated ids `colorIds` and `sizeIds`.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'primereact/checkbox';
import { MultiSelect } from 'primereact/multiselect';
import type { GoodsColor, MasterRecord, SizeEntry } from '@contracts/master-data';
import { t } from '../../../lib/i18n';
import { getMasterDataDetail } from '../api/get-master-data-detail';
import { optionLabel, useMasterDataOptions } from '../api/get-master-data-options';
import { defineExtension, type ExtensionPanelProps } from './form-extension';

export interface GoodsState {
  colorIds: number[];
  sizeIds: number[];
}

/** Ids from the detail's objects, or from a comma-separated string. */
export function idsOf(objects: unknown, csv: unknown): number[] {
  if (Array.isArray(objects)) return (objects as { id: number }[]).map((item) => Number(item.id)).filter(Number.isFinite);
  if (typeof csv === 'string' && csv.trim()) return csv.split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [];
}

export const idList = (ids: readonly number[]): string => ids.join(',');

function ColorsAndSizesPanel({ state, setState, values, error }: ExtensionPanelProps<GoodsState>) {
  const { t: tb } = useTranslation('baseData');
  const { options: colors, loading } = useMasterDataOptions('color');
  const sizeGroup = typeof values.sizeGroup === 'number' ? values.sizeGroup : null;
  const [sizes, setSizes] = useState<{ group: number; sizes: SizeEntry[] } | null>(null);

  useEffect(() => {
    if (sizeGroup === null) return;
    let live = true;
    getMasterDataDetail<MasterRecord & { sizes?: SizeEntry[] }>('size', sizeGroup)
      .then((group) => {
        if (!live) return;
        const entries = [...(group.sizes ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
        setSizes({ group: sizeGroup, sizes: entries });
        // Sizes of another group make no sense for this one.
        setState((current) => ({ ...current, sizeIds: current.sizeIds.filter((id) => entries.some((size) => size.id === id)) }));
      })
      .catch(() => live && setSizes({ group: sizeGroup, sizes: [] }));
    return () => {
      live = false;
    };
  }, [sizeGroup, setState]);

  const groupSizes = sizes && sizes.group === sizeGroup ? sizes.sizes : null;
  const colorError = error && error.field === 'colorIds' ? error.message : null;
  const sizeError = error && error.field === 'sizeIds' ? error.message : null;
  const toggleSize = (id: number, checked: boolean) =>
    setState((current) => ({
      ...current,
      // Kept in the group's order, whatever order they were ticked in.
      sizeIds: (groupSizes ?? []).map((size) => size.id).filter((sizeId) => (sizeId === id ? checked : current.sizeIds.includes(sizeId))),
    }));

  return (
    <section className="extension-panel" aria-labelledby="goods-extra-title" data-testid="goods-colors-sizes">
      <div className="extension-header">
        <h2 id="goods-extra-title">{tb('goods.colorsAndSizes')}</h2>
      </div>
      <div className="form-grid">
        <div className="form-field" data-field="colorIds">
          <label htmlFor="field-colorIds">
            {tb('goods.colors')}
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <MultiSelect
            inputId="field-colorIds"
            value={state.colorIds}
            options={colors.map((color) => ({ value: color.id, label: optionLabel(color) }))}
            onChange={(event) => setState((current) => ({ ...current, colorIds: (event.value as number[]) ?? [] }))}
            display="chip"
            filter
            loading={loading}
            placeholder={tb('goods.selectColors')}
            emptyMessage={tb('form.noOptions')}
            invalid={Boolean(colorError)}
            className="goods-colors"
          />
          {colorError ? (
            <small className="p-error field-error" role="alert">
              {colorError}
            </small>
          ) : (
            <small className="field-hint">{tb('goods.colorsHint')}</small>
          )}
        </div>
        <div className="form-field" data-field="sizeIds">
          <span className="field-label">{tb('goods.sizes')}</span>
          {sizeGroup === null ? (
            <small className="muted">{tb('goods.selectSizeGroupFirst')}</small>
          ) : groupSizes === null ? (
            <small className="muted">…</small>
          ) : groupSizes.length === 0 ? (
            <small className="muted">{tb('goods.noSizes')}</small>
          ) : (
            <div className="size-checks" role="group" aria-label={tb('goods.sizes')}>
              {groupSizes.map((size) => (
                <label key={size.id} className="size-check">
                  <Checkbox inputId={`size-${size.id}`} checked={state.sizeIds.includes(size.id)} onChange={(event) => toggleSize(size.id, Boolean(event.checked))} />
                  <span>{size.name}</span>
                </label>
              ))}
            </div>
          )}
          {sizeError ? (
            <small className="p-error field-error" role="alert">
              {sizeError}
            </small>
          ) : (
            <small className="field-hint">{tb('goods.sizesHint')}</small>
          )}
        </div>
      </div>
    </section>
  );
}

export const goodsExtension = defineExtension<GoodsState>({
  init: (record) => ({
    colorIds: idsOf(record?.colors as GoodsColor[] | undefined, record?.colorIds),
    sizeIds: idsOf(record?.sizes as SizeEntry[] | undefined, record?.sizeIds),
  }),
  toBody: (state) => ({ colorIds: idList(state.colorIds), sizeIds: idList(state.sizeIds) }),
  validate: (state) => (state.colorIds.length === 0 ? { field: 'colorIds', message: t('baseData:goods.selectColorFirst') } : null),
  fields: ['colorIds', 'sizeIds'],
  Panel: ColorsAndSizesPanel,
});
