import { IsInt, IsString, MetadataStorage, Min, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

describe('cacheValidationMetadata', () => {
  class Base {
    @IsInt()
    id!: number;
  }
  class Child extends Base {
    @IsString()
    name!: string;
  }

  it('answers a repeated lookup from the memo, with the inherited rules, and forgets on a new rule', () => {
    const storage = new MetadataStorage();
    // A storage of its own, filled like the global one: the decorators above wrote to the global.
    const global = (globalThis as { classValidatorMetadataStorage?: MetadataStorage }).classValidatorMetadataStorage!;
    for (const target of [Base, Child]) for (const metadata of global.getTargetValidationMetadatas(target, '', true, false)) if (metadata.target === target) storage.addValidationMetadata(metadata);
    const uncached = storage.getTargetValidationMetadatas(Child, '', true, false);
    cacheValidationMetadata(storage);
    const first = storage.getTargetValidationMetadatas(Child, '', true, false);
    expect(first.map((m) => m.propertyName).sort()).toEqual(uncached.map((m) => m.propertyName).sort());
    expect(first.map((m) => m.propertyName).sort()).toEqual(['id', 'name']);
    expect(storage.getTargetValidationMetadatas(Child, '', true, false)).toBe(first);
    // Other options are another entry.
    expect(storage.getTargetValidationMetadatas(Child, '', false, true, ['g'])).not.toBe(first);

    const [rule] = global.getTargetValidationMetadatas(Base, '', true, false);
    storage.addValidationMetadata({ ...rule, propertyName: 'extra' } as typeof rule);
    const after = storage.getTargetValidationMetadatas(Child, '', true, false);
    expect(after).not.toBe(first);
    expect(after.map((m) => m.propertyName).sort()).toEqual(['extra', 'id', 'name']);
  });

  it('validates as before once the global storage is cached', async () => {
    class Quantity {
      @IsInt()
      @Min(1)
      quantity!: number;
    }
    cacheValidationMetadata();
    const bad = Object.assign(new Quantity(), { quantity: 0 });
    const good = Object.assign(new Quantity(), { quantity: 3 });
    expect((await validate(bad)).map((error) => Object.keys(error.constraints ?? {}))).toEqual([['min']]);
    expect(await validate(good)).toEqual([]);
    expect((await validate(bad)).length).toBe(1);
  });
});
