// The entities whose form has more than their fields.
import type { FormExtension } from './form-extension';
import type { ListExtension } from './list-extension';
import { goodsExtension } from './goods-colors-sizes';
import { processExtension } from './process-steps';
import { sizeExtension } from './size-sizes';
import { userListExtension } from './user-badge';
import { userExtension } from './user-password';

// Each extension is typed with its own state; the form only passes that state back to it.
const EXTENSIONS: Record<string, unknown> = {
  process: processExtension,
  size: sizeExtension,
  goods: goodsExtension,
  user: userExtension,
};

export function formExtensionOf(entity: string): FormExtension<unknown> | undefined {
  return EXTENSIONS[entity] as FormExtension<unknown> | undefined;
}

// Lists with row actions of their own.
const LIST_EXTENSIONS: Record<string, ListExtension> = {
  user: userListExtension,
};

export function listExtensionOf(entity: string): ListExtension | undefined {
  return Object.hasOwn(LIST_EXTENSIONS, entity) ? LIST_EXTENSIONS[entity] : undefined;
}
