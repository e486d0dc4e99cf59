// How an entity with behaviour adds to the generic form: its own state (child data), an extra
// panel, the body fields that state becomes and a check before saving. The generic form keeps
// doing everything else (fields, loading, saving, conflicts, live banner).
import type { ComponentType } from 'react';
import type { MasterDataDefinition, MasterRecord } from '@contracts/master-data';
import type { FormBody } from '../../../lib/http-client';
import type { FieldValue, FormValues } from '../model/form-values';

export type FormMode = 'create' | 'update';

export interface ExtensionPanelProps<S> {
  definition: MasterDataDefinition;
  mode: FormMode;
  record: MasterRecord | null;
  values: FormValues;
  setValue: (field: string, value: FieldValue) => void;
  state: S;
  setState: (update: (current: S) => S) => void;
  /** A message for this panel (client check or a server refusal naming one of its fields). */
  error: { field: string | null; message: string } | null;
}

export interface FormExtension<S = unknown> {
  /** The panel's state for a loaded record, or for a new one (null). */
  init(record: MasterRecord | null): S;
  /** Body fields the state becomes, on create and on update. */
  toBody(state: S, mode: FormMode): FormBody;
  /** Checked before the request; a message (for one of `fields`) stops the save. */
  validate?(state: S, values: FormValues, mode: FormMode): { field: string; message: string } | null;
  /** Body fields this extension owns: server errors naming them are shown on its panel. */
  fields: readonly string[];
  /** Definition fields the panel shows itself instead of the generic grid. */
  hiddenFields?: readonly string[];
  Panel: ComponentType<ExtensionPanelProps<S>>;
}

/** Keeps each extension's state type checked where it is declared. */
export const defineExtension = <S>(extension: FormExtension<S>): FormExtension<S> => extension;
