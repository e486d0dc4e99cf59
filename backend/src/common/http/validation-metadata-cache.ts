import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Metadata = ReturnType<Lookup>;

/**
 * Remembers class-validator's per-DTO rule lookup. On every validation it walks every DTO class
 * the app declares (a few hundred) with an `instanceof` each, to find inherited rules — the
 * largest single entry of class-validator in the scan profile (2.4 % of a scan's server CPU,
 * bench/scan-profile.bench.ts; issue 13, item 4). The answer depends only on the DTO class, the
 * schema name and the options, and rules are declared by decorators when classes are defined: a
 * rule added later (a class defined after boot) empties the memo. The validator only reads the
 * arrays it gets (filters and groups them), so one array can serve every request.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [CACHED]?: true };
  if (marked[CACHED]) return;
  marked[CACHED] = true;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let memo = new Map<unknown, Map<string, Metadata>>();
  storage.addValidationMetadata = (metadata) => {
    memo = new Map();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = memo.get(target);
    if (!byOptions) memo.set(target, (byOptions = new Map()));
    let metadata = byOptions.get(key);
    if (!metadata) byOptions.set(key, (metadata = lookup(target, schema, always, strictGroups, groups)));
    return metadata;
  };
}

const CACHED = Symbol('stitchboard.validationMetadataCached');
