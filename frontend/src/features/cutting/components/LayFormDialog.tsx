// The lay form (new or edit): colour, plies, per size a ratio or a quantity, pieces per bundle,
// cutter and note, with a live preview of the bundles the server will make. The server's refusal
// (over plan, layBundlesScanned, staleVersion…) shows in the dialog; the form stays filled.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import type { StationWorker } from '@contracts/appraisal';
import { MAX_BUNDLE_SIZE, type LayRecord, type OrderCutting } from '@contracts/bundles';
import { NumberInput } from '../../../components/form/NumberInput';
import { createLay, updateLay } from '../api/lay';
import { getCutters } from '../api/get-cutters';
import { draftOf, emptyDraft, layInputOf, MAX_NOTE_LENGTH, MAX_PLIES, previewOf, validateLay, type LayDraft, type LayErrors, type SizeMode } from '../model/lay-form';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

export interface LayFormApi {
  create: typeof createLay;
  update: typeof updateLay;
  cutters: typeof getCutters;
}

const DEFAULT_API: LayFormApi = { create: createLay, update: updateLay, cutters: getCutters };

export interface LayFormDialogProps {
  cutting: OrderCutting;
  /** The lay being edited; null for a new one. */
  lay: LayRecord | null;
  visible: boolean;
  onHide: () => void;
  onSaved: (lay: LayRecord) => void;
  api?: Partial<LayFormApi>;
}

export function LayFormDialog({ cutting, lay, visible, onHide, onSaved, api }: LayFormDialogProps) {
  const { t, i18n } = useFeatureTranslation('cutting', cuttingLocales);
  const calls = { ...DEFAULT_API, ...api };
  const [draft, setDraft] = useState<LayDraft>(() => (lay ? draftOf(lay) : emptyDraft()));
  const [errors, setErrors] = useState<LayErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [cutters, setCutters] = useState<StationWorker[] | null>(null);
  const [cuttersFailed, setCuttersFailed] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);

  // A fresh form each time the dialog opens (on another lay, or new) — and only then: the page
  // reloads its data live (a scan, another lay), and that must not wipe what is being typed.
  const colors = useRef(cutting.colors);
  colors.current = cutting.colors;
  useEffect(() => {
    if (!visible) return;
    setDraft(lay ? draftOf(lay) : { ...emptyDraft(), colorId: colors.current.length === 1 ? colors.current[0].id : null });
    setErrors({});
    setSubmitted(false);
    setServerError(null);
  }, [visible, lay]);

  const loadCutters = calls.cutters;
  const processId = cutting.cuttingProcessId;
  useEffect(() => {
    if (!visible || !processId) return;
    let live = true;
    setCuttersFailed(false);
    loadCutters(processId).then(
      (list) => live && setCutters(list),
      () => live && setCuttersFailed(true),
    );
    return () => {
      live = false;
    };
  }, [visible, processId, loadCutters]);

  const preview = useMemo(() => previewOf(draft, cutting, lay), [draft, cutting, lay]);

  const change = (patch: Partial<LayDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // After a first attempt the messages follow the input.
    if (submitted) setErrors(validateLay(next, cutting));
    setServerError(null);
  };
  const setValue = (sizeId: number, value: number | null) => change({ values: { ...draft.values, [sizeId]: value } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateLay(draft, cutting);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Keyboard users land on the first field to fix.
      const first = (['colorId', 'plies', 'sizes', 'bundleSize', 'note'] as const).find((field) => found[field]);
      document.getElementById(`lay-${first}-input`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const input = layInputOf(draft, cutting.orderId, lay?.version);
      const saved = lay ? await calls.update(lay.id, input) : await calls.create(input);
      onSaved(saved);
    } catch (failure) {
      setServerError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const errorText = (field: keyof LayErrors) => {
    const error = errors[field];
    return error ? (
      <small className="p-error lay-field-error" id={`lay-${field}-error`} role="alert">
        {t(error.key, error.values ?? {})}
      </small>
    ) : null;
  };

  const cutterOptions = (cutters ?? []).map((worker) => ({ value: worker.id, label: worker.departmentName ? `${worker.name} · ${worker.departmentName}` : worker.name }));
  const modeOptions = [
    { value: 'ratio', label: t('form.modeRatio') },
    { value: 'quantity', label: t('form.modeQuantity') },
  ];
  const footer = (
    <div className="lay-form-footer">
      <Button type="button" label={t('form.cancel')} icon="pi pi-times" text severity="secondary" onClick={onHide} />
      <Button type="submit" form="lay-form" label={t('form.save')} icon="pi pi-check" loading={saving} data-testid="lay-save" />
    </div>
  );

  return (
    <Dialog
      header={lay ? t('form.editTitle', { layNo: lay.layNo }) : t('form.createTitle')}
      visible={visible}
      onHide={onHide}
      footer={footer}
      className="lay-form-dialog"
      style={{ width: 'min(52rem, 96vw)' }}
      breakpoints={{ '640px': '100vw' }}
      // The first field gets the focus once the dialog is shown (PrimeReact's own focus lands on the
      // header's close button, where the next Enter of a keyboard user would close the form).
      focusOnShow={false}
      onShow={() => document.getElementById(lay ? 'lay-plies-input' : 'lay-colorId-input')?.focus()}
      data-testid="lay-form-dialog"
    >
      <form id="lay-form" className="lay-form" onSubmit={(event) => void submit(event)} noValidate>
        {serverError && <Message severity="error" text={serverError} className="lay-form-message" data-testid="lay-server-error" />}
        {lay && <Message severity="warn" text={t('form.editNote')} className="lay-form-message" />}
        <div className="lay-form-fields">
          <label className="lay-field" id="lay-colorId">
            <span>{t('form.color')}</span>
            <Dropdown
              inputId="lay-colorId-input"
              value={draft.colorId}
              options={cutting.colors.map((color) => ({ value: color.id, label: color.name }))}
              onChange={(event) => change({ colorId: (event.value as number | null) ?? null })}
              placeholder={t('form.colorPlaceholder')}
              invalid={Boolean(errors.colorId)}
              aria-describedby={errors.colorId ? 'lay-colorId-error' : undefined}
            />
            {errorText('colorId')}
          </label>
          <label className="lay-field" id="lay-plies">
            <span>{t('form.plies')}</span>
            <NumberInput inputId="lay-plies-input" value={draft.plies} onValueChange={(event) => change({ plies: event.value })} min={1} max={MAX_PLIES} invalid={Boolean(errors.plies)} />
            {errorText('plies')}
          </label>
          <label className="lay-field" id="lay-bundleSize">
            <span>{t('form.bundleSize')}</span>
            <NumberInput inputId="lay-bundleSize-input" value={draft.bundleSize} onValueChange={(event) => change({ bundleSize: event.value })} min={1} max={MAX_BUNDLE_SIZE} invalid={Boolean(errors.bundleSize)} />
            {errorText('bundleSize')}
          </label>
          <label className="lay-field">
            <span>{t('form.cutter')}</span>
            <Dropdown
              inputId="lay-cutter-input"
              value={draft.cutterId}
              options={cutterOptions}
              onChange={(event) => change({ cutterId: (event.value as number | null) ?? null })}
              placeholder={t('form.cutterPlaceholder')}
              showClear
              filter={cutterOptions.length > 8}
              disabled={cuttersFailed}
            />
            {cuttersFailed && <small className="muted">{t('form.cuttersUnavailable')}</small>}
          </label>
        </div>

        <fieldset className="lay-sizes" id="lay-sizes">
          <legend>{t('form.sizes')}</legend>
          <SelectButton
            value={draft.mode}
            options={modeOptions}
            onChange={(event) => event.value && change({ mode: event.value as SizeMode })}
            allowEmpty={false}
            aria-label={t('form.mode')}
            className="lay-mode"
            data-testid="lay-mode"
          />
          <div className="lay-size-inputs">
            {cutting.sizes.map((size, index) => (
              <label key={size.id} className="lay-size-input">
                <span>{size.name}</span>
                <NumberInput
                  inputId={index === 0 ? 'lay-sizes-input' : `lay-size-${size.id}`}
                  value={draft.values[size.id] ?? null}
                  onValueChange={(event) => setValue(size.id, event.value)}
                  min={0}
                  aria-label={t(draft.mode === 'ratio' ? 'form.ratioOf' : 'form.quantityOf', { size: size.name })}
                  invalid={Boolean(errors.sizes)}
                />
              </label>
            ))}
          </div>
          {errorText('sizes')}
        </fieldset>

        <label className="lay-field lay-note" id="lay-note">
          <span>{t('form.note')}</span>
          <InputText id="lay-note-input" value={draft.note} onChange={(event) => change({ note: event.target.value })} maxLength={MAX_NOTE_LENGTH + 50} invalid={Boolean(errors.note)} />
          {errorText('note')}
        </label>

        <section className="lay-preview" aria-live="polite" data-testid="lay-preview">
          <h3>{t('preview.title')}</h3>
          {preview.pieces === 0 ? (
            <p className="muted">{t('preview.empty')}</p>
          ) : (
            <>
              <p className="lay-preview-summary" data-testid="lay-preview-summary">
                {t('preview.summary', { bundles: number.format(preview.bundles), pieces: number.format(preview.pieces) })}
              </p>
              <div className="lay-preview-scroll">
                <table className="lay-preview-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('preview.size')}</th>
                      <th scope="col">{t('preview.pieces')}</th>
                      <th scope="col">{t('preview.bundles')}</th>
                      <th scope="col">{t('preview.lastBundle')}</th>
                      <th scope="col">{t('preview.ordered')}</th>
                      <th scope="col">{t('preview.cutBefore')}</th>
                      <th scope="col">{t('preview.after')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.sizes
                      .filter((size) => size.pieces > 0)
                      .map((size) => (
                        <tr key={size.sizeId} data-testid={`preview-${size.sizeName}`}>
                          <th scope="row">{size.sizeName}</th>
                          <td>{number.format(size.pieces)}</td>
                          <td>{number.format(size.bundles)}</td>
                          <td>{number.format(size.lastBundle)}</td>
                          <td>{number.format(size.ordered)}</td>
                          <td>{number.format(size.cutBefore)}</td>
                          <td className={size.differenceAfter > 0 ? 'is-over' : size.differenceAfter < 0 ? 'is-short' : 'is-exact'} title={size.differenceAfter > 0 ? t('preview.over', { count: size.differenceAfter }) : undefined}>
                            {size.differenceAfter > 0 ? '+' : ''}
                            {number.format(size.differenceAfter)}
                          </td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      </form>
    </Dialog>
  );
}
