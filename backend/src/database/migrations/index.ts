// Migrations in order. Listed explicitly: ESM builds cannot rely on TypeORM's glob loading.
import { Foundation1763769600000 } from './1763769600000-foundation.js';

export const MIGRATIONS = [Foundation1763769600000];
