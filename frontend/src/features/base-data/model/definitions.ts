// Which definition drives which base-data screen: all of them come from the shared contracts.
import { ALL_MASTER_DATA, COMPANY_DEFINITION, type FieldDefinition, type Localized, type MasterDataDefinition } from '@contracts/master-data';
import { USER_DEFINITION } from '@contracts/users';
import type { Language } from '../../../lib/i18n';

const DEFINITIONS: Record<string, MasterDataDefinition> = { ...ALL_MASTER_DATA, user: USER_DEFINITION, company: COMPANY_DEFINITION };

export function definitionOf(entity: string | undefined): MasterDataDefinition | undefined {
  return entity ? DEFINITIONS[entity] : undefined;
}

/** Every definition the base-data screens show, by entity name. */
export function allDefinitions(): MasterDataDefinition[] {
  return Object.values(DEFINITIONS);
}

export function localized(label: Localized, language: string): string {
  return label[language as Language] ?? label['zh-CN'];
}

export type FieldEntry = [name: string, field: FieldDefinition];
