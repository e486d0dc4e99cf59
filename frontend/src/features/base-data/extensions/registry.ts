// The entities whose form has more than their fields.
import type { FormExtension } from './form-extension';
import { goodsExtension } from './goods-colors-sizes';
import { processExtension } from './process-steps';
import { sizeExtension } from './size-sizes';
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
